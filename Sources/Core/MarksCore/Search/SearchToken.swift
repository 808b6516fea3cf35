/// One token of a linkding search query.
enum SearchToken: Equatable {
    case term(String)
    case tag(String)
    case keyword(String)
    case and
    case or
    case not
    case openParen
    case closeParen
}
