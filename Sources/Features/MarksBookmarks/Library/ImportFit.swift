import MarksCore

/// A bookmark-file entry made to fit what linkding keeps, with a sentence for each trim: a title over 512 characters
/// and a tag name over 64 are cut to the limit (whole characters) instead of failing the entry or vanishing.
struct ImportFit: Sendable, Equatable {
    /// The entry as it will be saved.
    var entry: NetscapeEntry
    /// One sentence per trimmed field, for the import report.
    var trims: [String]

    /// Fits `original` to linkding's limits.
    init(_ original: NetscapeEntry) {
        entry = original
        trims = []
        let titleLength = LinkdingLimits.length(original.title)
        if titleLength > LinkdingLimits.titleLength {
            entry.title = LinkdingLimits.prefix(original.title, limit: LinkdingLimits.titleLength)
            trims.append("Trimmed the title from \(titleLength) to \(LinkdingLimits.length(entry.title)) characters (linkding keeps at most \(LinkdingLimits.titleLength)).")
        }
        entry.tags = original.tags.map { tag in
            let length = LinkdingLimits.length(tag)
            guard length > LinkdingLimits.tagNameLength else { return tag }
            let cut = PythonWhitespace.strip(LinkdingLimits.prefix(tag, limit: LinkdingLimits.tagNameLength))
            trims.append("Trimmed the tag “\(cut)…” from \(length) to \(LinkdingLimits.length(cut)) characters (linkding keeps tag names up to \(LinkdingLimits.tagNameLength)).")
            return cut
        }
        .filter { !$0.isEmpty }
    }
}
