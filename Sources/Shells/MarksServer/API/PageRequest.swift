import HTTPServer
import MarksCore

/// The `limit` and `offset` of a list request, read as DRF's `LimitOffsetPagination` reads them: a limit that is
/// missing, not a number, zero or negative is 100; a bad or negative offset is 0. Unlike linkding, a limit above
/// `maxLimit` is `maxLimit` (DRF's `max_limit`): every answer is built in memory, so its size is bounded whatever
/// the request asks; `next` then points at the rest, which linkding clients follow (issue 35).
struct PageRequest: Sendable, Equatable {
    /// The largest page any list answers (Marks' own `LinkdingClient` pages at this size).
    static let maxLimit = 1000

    let limit: Int
    let offset: Int

    init(limit: Int, offset: Int) {
        self.limit = limit
        self.offset = offset
    }

    init(_ query: QueryParameters) {
        limit = min(Self.maxLimit, query.values("limit").last.flatMap { Self.positive($0, strict: true) } ?? BookmarkListQuery.defaultLimit)
        offset = query.values("offset").last.flatMap { Self.positive($0, strict: false) } ?? 0
    }

    /// DRF's `_positive_int`: `int(text)`, refused when negative (or zero when `strict`); too large is the largest.
    private static func positive(_ text: String, strict: Bool) -> Int? {
        switch PythonInt.read(text) {
        case .value(let number): return number < 0 || (strict && number == 0) ? nil : number
        case .overflow(let negative): return negative ? nil : Int.max
        case .invalid: return nil
        }
    }
}
