import Foundation

/// One ready episode as the private feed lists it: what the item says and the MP3 the enclosure serves.
public struct FeedEpisode: Sendable, Equatable {
    /// The episode's stable key (a hash of the item URL); the guid and the enclosure's file name come from it.
    public var key: String
    public var title: String
    /// The site's name, or the source's kind ("Pasted text", "PDF").
    public var site: String
    /// The article's URL; nil for a source (the item then links to its page in the web app).
    public var articleURL: String?
    /// The source's id, for a source.
    public var sourceID: String?
    /// When it became ready.
    public var published: Date
    public var durationSeconds: Double
    /// The MP3 on disk.
    public var file: URL

    /// An episode.
    public init(key: String, title: String, site: String, articleURL: String?, sourceID: String?, published: Date,
                durationSeconds: Double, file: URL) {
        self.key = key
        self.title = title
        self.site = site
        self.articleURL = articleURL
        self.sourceID = sourceID
        self.published = published
        self.durationSeconds = durationSeconds
        self.file = file
    }
}
