extension SearchExpression {
    /// The reference meaning of a search: true when `bookmark` matches, as linkding's SQLite query would decide.
    /// Words and phrases are ASCII-case-insensitive substrings of title, description, notes or URL (in `lax`
    /// mode also a tag of exactly that name); `#tag` is a tag name equal with ASCII case folded.
    public func matches(_ bookmark: Bookmark, tagSearch: TagSearchMode) -> Bool {
        matches(FoldedBookmark(bookmark), tagSearch: tagSearch)
    }

    private func matches(_ bookmark: FoldedBookmark, tagSearch: TagSearchMode) -> Bool {
        switch self {
        case .term(let text):
            let needle = ASCIICaseFolding.foldedBytes(text)
            if bookmark.fields.contains(where: { ASCIICaseFolding.contains($0, needle) }) { return true }
            return tagSearch == .lax && bookmark.tags.contains(needle)
        case .tag(let name):
            return bookmark.tags.contains(ASCIICaseFolding.foldedBytes(name))
        case .unread:
            return bookmark.unread
        case .untagged:
            return bookmark.tags.isEmpty
        case .matchAll:
            return true
        case .and(let operands):
            return operands.allSatisfy { $0.matches(bookmark, tagSearch: tagSearch) }
        case .or(let operands):
            return operands.contains { $0.matches(bookmark, tagSearch: tagSearch) }
        case .not(let operand):
            return !operand.matches(bookmark, tagSearch: tagSearch)
        }
    }
}

/// A bookmark's searchable text, ASCII-folded once per evaluation.
private struct FoldedBookmark {
    let fields: [[UInt8]]
    let tags: Set<[UInt8]>
    let unread: Bool

    init(_ bookmark: Bookmark) {
        fields = [bookmark.title, bookmark.description, bookmark.notes, bookmark.url].map(ASCIICaseFolding.foldedBytes)
        tags = Set(bookmark.tagNames.map(ASCIICaseFolding.foldedBytes))
        unread = bookmark.unread
    }
}
