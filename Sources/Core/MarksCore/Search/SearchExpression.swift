/// A parsed linkding search (`q`): the syntax tree of `SearchQuery.parse`.
///
/// `and` and `or` are n-ary (a chain `a b c` is one `and` of three), which keeps the tree shallow however
/// long the query is; the meaning is the same as linkding's binary tree because both are associative.
public indirect enum SearchExpression: Sendable, Equatable, Hashable {
    /// A word or quoted phrase: a case-insensitive substring of title, description, notes or URL.
    case term(String)
    /// `#name`: a tag with exactly this name, case-insensitive.
    case tag(String)
    /// `!unread`: unread bookmarks.
    case unread
    /// `!untagged`: bookmarks without tags.
    case untagged
    /// Any other `!keyword` (and the empty query): matches every bookmark.
    case matchAll(keyword: String)
    /// All operands match (explicit `and`, or juxtaposition).
    case and([SearchExpression])
    /// At least one operand matches.
    case or([SearchExpression])
    /// The operand does not match.
    case not(SearchExpression)
}
