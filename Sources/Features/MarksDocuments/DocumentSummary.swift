import Foundation

/// What a list row shows of one source: everything but its text.
public struct DocumentSummary: Sendable, Equatable, Identifiable {
    /// The source's identity: its URL is `marks-source://<uuid>`, its original lives under `files/<uuid>/`.
    public var id: UUID
    /// The row number in `sources` (the search index keeps a source under its negated number).
    public var number: Int
    public var kind: DocumentKind
    public var title: String
    public var tags: [String]
    /// The name the file had when it was imported (metadata only: never used on disk); nil for text.
    public var originalFilename: String?
    /// The media type the bytes were recognised as (`application/pdf`, `text/plain; charset=utf-8`, …).
    public var mediaType: String?
    /// Bytes of the original (of the UTF-8 text for a text source).
    public var byteSize: Int
    /// SHA-256 of the original's bytes (of the text for a text source), 64 hex digits.
    public var sha256: String
    /// Pages of a PDF, chapters of an EPUB (see `pageUnit`); nil for anything else.
    public var pageCount: Int?
    /// Characters of stored text; 0 when there is none (an image-only PDF, a binary file).
    public var textLength: Int
    /// Why there is no text, or only part of it (`no text could be extracted: …`); nil when all went well.
    public var extractionNote: String?
    public var createdAt: Date
    public var modifiedAt: Date
    /// When it was moved to the trash; nil for a live source.
    public var deletedAt: Date?

    /// The address podcasts, the index and Ask know it by.
    public var url: String { "marks-source://" + id.uuidString.lowercased() }
    /// The first 8 characters of the uuid, as lists show it (any unique prefix names a source in the CLI).
    public var shortID: String { String(id.uuidString.lowercased().prefix(Self.shortIDLength)) }

    /// How many characters of its id `shortID` shows.
    public static let shortIDLength = 8

    /// There is text to search, read aloud or ask about.
    public var hasText: Bool { textLength > 0 }
    /// What its pages are: "chapter" for an EPUB (the chapters of its spine), else "page".
    public var pageUnit: String { mediaType?.hasPrefix("application/epub+zip") == true ? "chapter" : "page" }
    /// How a citation names page `number` (1-based): "p. 12", or "ch. 3" for an EPUB.
    public func pageMarker(_ number: Int) -> String { (pageUnit == "chapter" ? "ch. " : "p. ") + String(number) }
    /// The title to show: the title, else the original filename, else "Untitled".
    public var displayTitle: String {
        if !title.isEmpty { return title }
        return originalFilename ?? "Untitled"
    }
}
