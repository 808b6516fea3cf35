/// A bookmark file of any `ImportFormat` read a part at a time for a bulk import. A Netscape file streams through
/// `NetscapeReader` (whether it is a bookmark file is known only at its end); another service's export is parsed
/// whole when the reader is made — a broken or wrong file throws there, before anything is imported — and handed on
/// in parts the same way.
public struct BookmarkFileReader {
    /// Exactly one of the two is set.
    private var netscape: NetscapeReader?
    private var parsed: ImportCollector?
    private var nextIndex = 0
    /// The format read.
    public let format: ImportFormat

    /// A reader of `text` as `format` (`foldersAsTags` applies to Netscape files). Throws `ImportFormatError` for a
    /// file in another service's format that is not one, or is broken (cut short).
    public init(_ text: String, format: ImportFormat, foldersAsTags: Bool = false) throws(ImportFormatError) {
        self.format = format
        switch format {
        case .netscape: netscape = NetscapeReader(text, foldersAsTags: foldersAsTags)
        case .pocketCSV: parsed = try PocketCSV.parse(text)
        case .pocketHTML: parsed = try PocketHTML.parse(text)
        case .instapaper: parsed = try InstapaperCSV.parse(text)
        case .readwise: parsed = try ReadwiseCSV.parse(text)
        case .wallabag: parsed = try WallabagJSON.parse(text)
        case .omnivore: parsed = try OmnivoreJSON.parse(text)
        case .karakeep: parsed = try KarakeepJSON.parse(text)
        case .linkwarden: parsed = try LinkwardenJSON.parse(text)
        }
    }

    /// The next `count` entries (fewer at the end); empty once everything is read.
    public mutating func next(_ count: Int) -> [NetscapeEntry] {
        if netscape != nil { return netscape?.next(count) ?? [] }
        guard let entries = parsed?.entries else { return [] }
        let start = nextIndex
        nextIndex = min(entries.count, start + max(1, count))
        return Array(entries[start..<nextIndex])
    }

    /// Once `next` has returned empty: the problems, by place. Throws `NetscapeError.notABookmarkFile` for a Netscape
    /// file that is not one.
    public func finish() throws(NetscapeError) -> [(place: ImportPlace?, message: String)] {
        if let netscape { return try netscape.finish().map { (.line($0.line), $0.message) } }
        return parsed?.problems ?? []
    }

    /// Entries of another service's file that were skipped (no usable address, not a bookmark); 0 for a Netscape
    /// file, whose skipped entries are its problems that begin "Skipped".
    public var skipped: Int {
        parsed?.skipped ?? 0
    }

    /// Where each entry handed on was found, in order; nil for a Netscape file (its lines are matched afterwards).
    public var entryPlaces: [ImportPlace]? {
        parsed?.places
    }
}
