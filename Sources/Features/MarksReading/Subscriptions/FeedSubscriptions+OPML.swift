import Foundation

extension FeedSubscriptions {
    /// What an OPML import did: feeds followed now, feeds already followed, and the entries refused with why.
    public struct OPMLImport: Sendable, Equatable {
        public var added = 0
        public var existing = 0
        public var refused: [String] = []
    }

    /// Follows every feed of an OPML file (its folders and categories as the feeds' tags); one already followed is
    /// left as it is. Throws `.opml` for a file that is not OPML (nothing followed then).
    public func importOPML(_ bytes: [UInt8]) throws -> OPMLImport {
        let document = try OPMLDocument(bytes: bytes)
        var report = OPMLImport()
        entries: for feed in document.feeds {
            do {
                try add(url: feed.url, title: feed.title, rules: FeedRules(tags: feed.tags))
                report.added += 1
            } catch FeedSubscriptionError.duplicate {
                report.existing += 1
            } catch FeedSubscriptionError.invalidURL(let url) {
                report.refused.append("not an http(s) address: \(url.prefix(200))")
            } catch FeedSubscriptionError.tooMany(let limit) {
                report.refused.append("\(document.feeds.count - report.added - report.existing - report.refused.count) feeds over the limit of \(limit)")
                break entries
            }
        }
        return report
    }

    /// The followed feeds as OPML 2.0 (their tags as folders and categories).
    public func exportOPML() throws -> String {
        OPMLDocument(feeds: try all().map { OPMLDocument.Feed(url: $0.url, title: $0.title, tags: $0.rules.tags) }).xml
    }
}
