import HTTPServer
import MarksCore

/// The `limit` and `offset` of a list request, read as DRF's `LimitOffsetPagination` reads them: a limit that is
/// missing, not a number, zero or negative is 100; there is no maximum; a bad or negative offset is 0.
struct PageRequest: Sendable, Equatable {
    let limit: Int
    let offset: Int

    init(limit: Int, offset: Int) {
        self.limit = limit
        self.offset = offset
    }

    init(_ query: QueryParameters) {
        limit = query.values("limit").last.flatMap { Self.positive($0, strict: true) } ?? BookmarkListQuery.defaultLimit
        offset = query.values("offset").last.flatMap { Self.positive($0, strict: false) } ?? 0
    }

    /// DRF's `_positive_int`: `int(text)`, refused when negative (or zero when `strict`); too large means "all".
    private static func positive(_ text: String, strict: Bool) -> Int? {
        switch PythonInt.read(text) {
        case .value(let number): return number < 0 || (strict && number == 0) ? nil : number
        case .overflow(let negative): return negative ? nil : Int.max
        case .invalid: return nil
        }
    }
}
