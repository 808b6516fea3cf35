import Foundation
import HTMLExtraction

/// A followed feed, read: RSS 2.0 (and 0.9x), RSS 1.0 (RDF) or Atom 1.0 into its title, its site and its items, in
/// the feed's order. Reading is all or nothing: the XML is parsed by `XMLOutline` (libxml2 with no network, no DTD,
/// no entity expansion — a document declaring entities is refused —, at most `maximumBytes` and `maximumElements`),
/// and a document that is not a feed is an error naming its root element. Items without an http(s) link are left out.
public struct FeedDocument: Sendable, Equatable {
    /// Which vocabulary the feed was written in.
    public enum Format: String, Sendable {
        case rss, rdf, atom
    }

    public var format: Format
    public var title: String
    /// The site the feed belongs to (its `link`), when it names one.
    public var siteURL: String?
    public var entries: [FeedEntry]

    /// Bytes read at most: the page fetcher's cap.
    public static let maximumBytes = 5 << 20
    /// Elements read at most (10,000 items of five fields each fit).
    public static let maximumElements = 200_000

    /// Reads `bytes`, fetched from `url` (relative links are resolved against it).
    public init(bytes: [UInt8], url: URL) throws(FeedSubscriptionError) {
        let outline: XMLOutline
        do {
            outline = try XMLOutline(xml: bytes, maximumBytes: Self.maximumBytes, maximumElements: Self.maximumElements)
        } catch {
            switch error {
            case .emptyInput: throw .notAFeed("the answer is empty")
            case .declaresEntities: throw .notAFeed("the XML declares entities, which a feed never needs (refused: an entity bomb or an external file)")
            case .tooLarge(let limit): throw .notAFeed("the feed is too large (\(limit))")
            case .notWellFormed(let reason): throw .notAFeed("the XML is not well-formed: \(reason)")
            case .unparsable: throw .notAFeed("the XML could not be read")
            }
        }
        let elements = outline.elements
        guard let root = elements.first else { throw .notAFeed("the XML has no elements") }
        let itemName: String
        switch root.name.lowercased() {
        case "rss":
            format = .rss
            itemName = "item"
        case "rdf":
            format = .rdf
            itemName = "item"
        case "feed":
            format = .atom
            itemName = "entry"
        default:
            throw .notAFeed("the document is <\(root.name.prefix(40))>, not RSS or Atom")
        }
        // The channel's own fields: for RSS and RDF the children of `channel`, for Atom the root's.
        var channelFields: [XMLOutline.Element] = []
        if format == .atom {
            channelFields = Self.children(of: 0, in: elements)
        } else if let channel = elements.indices.first(where: { elements[$0].name == "channel" && elements[$0].depth == 1 }) {
            channelFields = Self.children(of: channel, in: elements)
        }
        title = channelFields.first { $0.name == "title" }?.text ?? ""
        siteURL = Self.link(in: channelFields, base: url)
        var entries: [FeedEntry] = []
        for index in elements.indices where elements[index].name == itemName && elements[index].depth <= 2 {
            if let entry = Self.entry(Self.children(of: index, in: elements), about: elements[index].attributes["about"], base: url) {
                entries.append(entry)
            }
        }
        self.entries = entries
    }

    /// The direct children of the element at `index` (the elements after it one level deeper, until one that is not deeper).
    static func children(of index: Int, in elements: [XMLOutline.Element]) -> [XMLOutline.Element] {
        let depth = elements[index].depth
        var children: [XMLOutline.Element] = []
        var next = index + 1
        while next < elements.count, elements[next].depth > depth {
            if elements[next].depth == depth + 1 { children.append(elements[next]) }
            next += 1
        }
        return children
    }

    /// An item's link: Atom's `link rel="alternate"` (or one without `rel`), else RSS's `link` text, else a guid that is
    /// a permalink; absolute http(s) only.
    static func link(in fields: [XMLOutline.Element], base: URL) -> String? {
        var candidates: [String] = []
        for field in fields where field.name == "link" {
            if let href = field.attributes["href"] {
                let rel = field.attributes["rel"]?.lowercased() ?? "alternate"
                if rel == "alternate" { candidates.insert(href, at: 0) } else { continue }
            } else if !field.text.isEmpty {
                candidates.append(field.text)
            }
        }
        if let guid = fields.first(where: { $0.name == "guid" }), guid.attributes["isPermaLink"]?.lowercased() != "false" {
            candidates.append(guid.text)
        }
        for candidate in candidates {
            let trimmed = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL,
                  let scheme = resolved.scheme?.lowercased(), scheme == "http" || scheme == "https", resolved.host?.isEmpty == false else { continue }
            return scheme + resolved.absoluteString.dropFirst(scheme.count)  // `HTTPS://` written as `https://`: one address, one bookmark
        }
        return nil
    }

    private static func entry(_ fields: [XMLOutline.Element], about: String?, base: URL) -> FeedEntry? {
        guard let link = link(in: fields, base: base) else { return nil }
        func text(_ names: String...) -> String? {
            for name in names {
                if let field = fields.first(where: { $0.name == name && !$0.text.isEmpty }) { return field.text }
            }
            return nil
        }
        let identity = text("guid", "id") ?? about ?? link
        let dated = ["published", "pubDate", "date", "issued", "updated", "modified"].lazy.compactMap { name in
            fields.first { $0.name == name }.flatMap { FeedDate.parse($0.text) }
        }.first
        let categories = fields.compactMap { field -> String? in
            guard field.name == "category" || field.name == "subject" else { return nil }
            let value = (field.attributes["term"] ?? field.text).trimmingCharacters(in: .whitespacesAndNewlines)
            return value.isEmpty ? nil : String(value.prefix(100))
        }
        return FeedEntry(key: String(identity.prefix(2_000)), link: link, title: String(plain(text("title") ?? "").prefix(500)),
                         summary: String(plain(text("summary", "description", "content", "encoded") ?? "").prefix(500)),
                         published: dated, categories: categories)
    }

    /// `html` (a feed's escaped markup) as plain text: tags dropped, the common entities read, white space collapsed.
    static func plain(_ html: String) -> String {
        guard html.contains("<") || html.contains("&") else { return html }
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; out.append(" "); continue }
            if character == ">" && inTag { inTag = false; continue }
            if !inTag { out.append(character) }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"), ("&nbsp;", " "), ("&amp;", "&")] {
            out = out.replacingOccurrences(of: entity, with: character)
        }
        return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
