/// The limits every engine entry point enforces (BACKEND_API.md "Limits"); lengths are UTF-8 bytes.
public struct EngineLimits: Sendable, Equatable {
    /// Bookmarks in one ranking request.
    public var rankItems = 200
    /// Bookmarks in one collections request.
    public var collectionItems = 150
    /// A page URL.
    public var url = 2048
    /// A page or bookmark title.
    public var title = 2048
    /// A page description or notes.
    public var description = 20_000
    /// A page's extracted text (only the opening part is analysed; see `OfflineEngine.Tuning`).
    public var text = 10_000_000
    /// A search query.
    public var query = 1000
    /// A bookmark's domain.
    public var domain = 255
    /// A bookmark's summary.
    public var summary = 4000
    /// One tag name (linkding allows 64 characters).
    public var tag = 256
    /// Tags in a vocabulary.
    public var vocabulary = 10_000
    /// Tags on one collection item.
    public var itemTags = 200

    /// The limits of BACKEND_API.md.
    public init() {}

    /// Throws `tooManyItems` when `count` exceeds `limit`.
    static func check(count: Int, limit: Int, field: String) throws {
        if count > limit { throw EngineError.tooManyItems(field: field, count: count, limit: limit) }
    }

    /// Throws `tooLong` when `value` has more UTF-8 bytes than `limit`.
    static func check(_ value: String?, limit: Int, field: String) throws {
        guard let value else { return }
        let length = value.utf8.count
        if length > limit { throw EngineError.tooLong(field: field, length: length, limit: limit) }
    }

    /// Throws `missingValue` when `value` is empty or white space only.
    static func requireText(_ value: String, field: String) throws {
        if value.allSatisfy(\.isWhitespace) { throw EngineError.missingValue(field: field) }
    }
}
