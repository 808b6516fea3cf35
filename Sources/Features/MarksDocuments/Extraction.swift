/// What extraction made of one file: its kind, the media type its bytes are, its text (page by page for a
/// PDF), and a note when there is no text or only part of it.
public struct Extraction: Sendable, Equatable {
    public var kind: DocumentKind
    public var mediaType: String
    public var text: String
    /// A PDF's pages or an EPUB's chapters (the first first); empty for anything else.
    public var pages: [String]
    public var pageCount: Int?
    /// Why there is no text, or only part (`no text could be extracted: …`); nil when all went well.
    public var note: String?
    /// The title the file gives itself (a PDF's Title, an EPUB's `dc:title`), when it has a usable one.
    public var title: String?

    /// An extraction value.
    public init(kind: DocumentKind, mediaType: String, text: String, pages: [String] = [], pageCount: Int? = nil, note: String? = nil,
                title: String? = nil) {
        self.title = title
        self.kind = kind
        self.mediaType = mediaType
        self.text = text
        self.pages = pages
        self.pageCount = pageCount
        self.note = note
    }

    /// No text, and why.
    static func none(kind: DocumentKind, mediaType: String, pageCount: Int? = nil, reason: String) -> Extraction {
        Extraction(kind: kind, mediaType: mediaType, text: "", pageCount: pageCount, note: "no text could be extracted: " + reason)
    }
}
