import Foundation

/// What a followed feed's new items get and which are left out: `tags` given to every bookmark it adds; items older
/// than `maxAgeDays` (by their date; undated items pass) skipped; with `keywords`, only items whose title, summary or
/// categories contain one of them (case and accents ignored) added.
public struct FeedRules: Sendable, Equatable, Codable {
    public var tags: [String]
    public var maxAgeDays: Int?
    public var keywords: [String]

    /// Rules; the defaults add every item untagged.
    public init(tags: [String] = [], maxAgeDays: Int? = nil, keywords: [String] = []) {
        self.tags = tags
        self.maxAgeDays = maxAgeDays.flatMap { $0 > 0 ? $0 : nil }
        self.keywords = keywords.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Why `entry` is left out at `now`, or nil when it is added.
    public func rejection(of entry: FeedEntry, now: Date) -> String? {
        if let maxAgeDays, let published = entry.published, published < now.addingTimeInterval(-Double(maxAgeDays) * 86_400) {
            return "older than \(maxAgeDays) days"
        }
        if !keywords.isEmpty {
            let haystack = ([entry.title, entry.summary] + entry.categories).joined(separator: " ")
            let matches = keywords.contains { haystack.range(of: $0, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            if !matches { return "no keyword" }
        }
        return nil
    }
}
