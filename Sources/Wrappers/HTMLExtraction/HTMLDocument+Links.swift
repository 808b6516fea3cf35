import Foundation

extension HTMLDocument {
    /// Every `<a href>` in document order, resolved to an absolute URL against `baseURL`. Links that
    /// cannot be made absolute (relative links on a page without any URL) are left out; all schemes
    /// are kept, so callers filter for the ones they want.
    public var links: [URL] { anchors.map(\.url) }

    /// Every `<a href>` in document order with its text; see `links`.
    public var anchors: [HTMLAnchor] {
        let base = baseURL
        var anchors: [HTMLAnchor] = []
        walk { node in
            guard node.isElement else { return .skipChildren }
            switch node.tagName {
            case "script", "style", "template": return .skipChildren
            case "a":
                if let href = node.attribute("href"), let url = Self.resolve(href, against: base) {
                    anchors.append(HTMLAnchor(url: url, text: Self.text(of: node).collapsedOrNil ?? ""))
                }
            default: break
            }
            return .descend
        }
        return anchors
    }
}
