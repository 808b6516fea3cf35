import Foundation

/// What a generate request may carry (lengths in UTF-8 bytes).
public struct PodcastLimits: Sendable, Equatable {
    /// The url.
    public var url = 2048
    /// The title.
    public var title = 1000
    /// The text of a source: 1 MB, about 170,000 words — far more than the 3-hour episode it is cut to.
    public var text = 1 << 20

    /// The limits of docs/BACKEND_API.md.
    public init() {}

    /// Throws `PodcastError.invalid` naming what is wrong.
    func check(url: String, title: String?, text: String?, sourceKind: String?) throws {
        guard !url.isEmpty else { throw PodcastError.invalid("Field \"url\" is empty.") }
        guard url.utf8.count <= self.url else { throw PodcastError.invalid("Field \"url\" is longer than \(self.url) bytes.") }
        if let title, title.utf8.count > self.title { throw PodcastError.invalid("Field \"title\" is longer than \(self.title) bytes.") }
        if let text, text.utf8.count > self.text {
            throw PodcastError.invalid("Field \"text\" is longer than \(self.text) bytes (\(text.utf8.count)); send a shorter text.")
        }
        if let sourceKind, !["text", "pdf", "file"].contains(sourceKind) {
            throw PodcastError.invalid("Field \"source_kind\" must be \"text\", \"pdf\" or \"file\".")
        }
        let parsed = URL(string: url)
        let scheme = parsed?.scheme?.lowercased()
        if scheme == "marks-source" {
            guard text != nil else { throw PodcastError.invalid("A marks-source:// url needs the source's \"text\".") }
        } else {
            guard scheme == "http" || scheme == "https", parsed?.host?.isEmpty == false else {
                throw PodcastError.invalid("Field \"url\" must be an http(s) address or marks-source://<uuid>.")
            }
        }
    }
}
