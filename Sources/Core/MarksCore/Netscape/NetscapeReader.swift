import Foundation

/// A Netscape bookmark file read a part at a time, with `NetscapeBookmarkFile.parse`'s rules: what a bulk import
/// uses to hand the first entries to the store while it reads the rest. Whether the text is a bookmark file at all
/// is known only at its end (`finish`), so a caller that has already used entries must be able to undo them.
public struct NetscapeReader {
    private var parser: NetscapeParser

    /// A reader at the start of `text`; `foldersAsTags` as for `parse`.
    public init(_ text: String, foldersAsTags: Bool = false) {
        parser = NetscapeParser(text, foldersAsTags: foldersAsTags)
    }

    /// The next `count` entries (fewer at the end of the text); empty once everything is read.
    public mutating func next(_ count: Int) -> [NetscapeEntry] {
        parser.run(untilEntries: max(1, count))
        return parser.takeEntries()
    }

    /// Once `next` has returned empty: the problems by line, or `notABookmarkFile` for text with neither the
    /// Netscape doctype nor any `<DT><A>`.
    public func finish() throws(NetscapeError) -> [(line: Int, message: String)] {
        precondition(parser.isFinished, "NetscapeReader.finish before the last entries were read")
        guard parser.looksLikeBookmarkFile else { throw .notABookmarkFile }
        return parser.problems
    }
}
