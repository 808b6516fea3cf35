import Foundation

extension HTMLDocument {
    /// The page's metadata. Each value comes from its first non-empty occurrence.
    ///
    /// Icons are ordered best first: scalable ones (SVG or `sizes="any"`), then by the largest
    /// declared size (an apple-touch-icon without `sizes` counts as 180×180, other icons without
    /// `sizes` as unknown, i.e. last), document order breaking ties.
    public var metadata: PageMetadata {
        var collector = MetadataCollector()
        walk { node in
            guard node.isElement else { return .skipChildren }
            switch node.tagName {
            case "script", "style", "template", "svg", "noscript": return .skipChildren
            case "html": collector.htmlLanguage = collector.htmlLanguage ?? node.attribute("lang")?.collapsedOrNil
            case "title":
                if collector.title == nil { collector.title = Self.text(of: node).collapsedOrNil }
                return .skipChildren
            case "meta": collector.addMeta(node)
            case "link": collector.addLink(node)
            default: break
            }
            return .descend
        }
        return collector.metadata(resolve: { self.resolve($0) }, origin: url ?? baseURL)
    }

    /// All visible text below a node on one line: white space collapsed, blocks separated by a space.
    static func text(of node: HTMLNode) -> String {
        var builder = TextBlockBuilder()
        HTMLTreeWalker.walk(below: node, enter: { child in
            guard child.isElement else {
                child.withTextBytes { builder.append($0) }
                return .skipChildren
            }
            let tag = child.tagName
            if HTMLVocabulary.invisibleTags.contains(tag) && tag != "title" { return .skipChildren }
            open(tag, in: &builder)
            return .descend
        }, exit: { child in
            close(child.tagName, in: &builder)
        })
        return builder.finish().map(\.text).joined(separator: " ")
    }
}

/// Gathers `<meta>` and `<link>` values during one walk of the document.
private struct MetadataCollector {
    var title: String?
    var htmlLanguage: String?
    private var metas: [String: String] = [:]
    private var icons: [(href: String, rank: Int, order: Int)] = []
    private var canonical: String?

    mutating func addMeta(_ node: HTMLNode) {
        guard let content = node.attribute("content")?.collapsedOrNil else { return }
        let keys = [node.attribute("name"), node.attribute("property"), node.attribute("http-equiv").map { "http-equiv:" + $0 }]
        for case let key? in keys {
            let normalized = key.lowercased().trimmingCharacters(in: .whitespaces)
            if metas[normalized] == nil { metas[normalized] = content }
        }
    }

    mutating func addLink(_ node: HTMLNode) {
        guard let href = node.attribute("href"), let rel = node.attribute("rel") else { return }
        let tokens = Set(rel.lowercased().split(whereSeparator: \.isWhitespace).map(String.init))
        if tokens.contains("canonical"), canonical == nil { canonical = href }
        let isTouchIcon = tokens.contains("apple-touch-icon") || tokens.contains("apple-touch-icon-precomposed")
        guard tokens.contains("icon") || isTouchIcon else { return }
        icons.append((href, Self.rank(of: node, href: href, isTouchIcon: isTouchIcon), icons.count))
    }

    /// Higher is better: scalable first, then the largest declared edge.
    private static func rank(of node: HTMLNode, href: String, isTouchIcon: Bool) -> Int {
        let sizes = node.attribute("sizes")?.lowercased() ?? ""
        let type = node.attribute("type")?.lowercased() ?? ""
        let path = href.lowercased().split(separator: "?").first.map(String.init) ?? ""
        if sizes.contains("any") || type.contains("svg") || path.hasSuffix(".svg") { return 100_000 }
        let edges = sizes.split(whereSeparator: \.isWhitespace).compactMap { size in
            size.split(separator: "x").first.flatMap { Int($0) }
        }
        if let largest = edges.max() { return min(largest, 99_999) }
        return isTouchIcon ? 180 : 0
    }

    func metadata(resolve: (String) -> URL?, origin: URL?) -> PageMetadata {
        var result = PageMetadata()
        result.title = title
        result.description = metas["description"]
        result.ogTitle = metas["og:title"]
        result.ogDescription = metas["og:description"]
        result.ogImage = (metas["og:image"] ?? metas["og:image:url"] ?? metas["og:image:secure_url"]).flatMap(resolve)
        result.siteName = metas["og:site_name"]
        result.canonicalURL = canonical.flatMap(resolve)
        result.language = htmlLanguage ?? metas["http-equiv:content-language"].flatMap(Self.firstLanguage)
        result.author = metas["author"] ?? metas["article:author"].flatMap { $0.contains("://") ? nil : $0 }
        result.publishedTime = metas["article:published_time"]
        result.keywords = Self.keywords(metas["keywords"])
        result.faviconURLs = favicons(resolve: resolve, origin: origin)
        return result
    }

    private func favicons(resolve: (String) -> URL?, origin: URL?) -> [URL] {
        let ordered = icons.sorted { ($0.rank, -$0.order) > ($1.rank, -$1.order) }
        var seen = Set<URL>()
        let urls = ordered.compactMap { resolve($0.href) }.filter { seen.insert($0).inserted }
        if !urls.isEmpty { return urls }
        guard let origin, origin.scheme == "http" || origin.scheme == "https",
              var components = URLComponents(url: origin, resolvingAgainstBaseURL: false) else { return [] }
        components.path = "/favicon.ico"
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url.map { [$0] } ?? []
    }

    private static func firstLanguage(_ value: String) -> String? {
        value.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func keywords(_ value: String?) -> [String] {
        guard let value else { return [] }
        var seen = Set<String>()
        return value.split(separator: ",")
            .compactMap { String($0).collapsedOrNil }
            .filter { seen.insert($0.lowercased()).inserted }
    }
}
