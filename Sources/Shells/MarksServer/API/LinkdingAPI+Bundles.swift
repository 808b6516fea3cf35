import HTTPServer
import MarksCore
import MarksStorage

/// `/api/bundles/…`: saved searches, CRUD.
extension LinkdingAPI {
    /// The bundle serializer's writable fields, in its order.
    static let bundleFieldOrder = ["name", "search", "any_tags", "all_tags", "excluded_tags", "filter_unread", "filter_shared", "order"]

    func listBundles(_ request: HTTPRequest) throws -> HTTPResponse {
        let page = PageRequest(request.query)
        let result = try stored { () throws(BookmarkStoreError) in try store.bundles(limit: page.limit, offset: page.offset) }
        return pageResponse(request, page: page, count: result.count, results: result.results.map(\.jsonValue))
    }

    func createBundle(_ request: HTTPRequest) throws -> HTTPResponse {
        let draft = try Self.bundleDraft(try RequestData.read(request), partial: false)
        let bundle = try stored(order: Self.bundleFieldOrder) { () throws(BookmarkStoreError) in try store.createBundle(draft) }
        return Self.json(bundle.jsonValue, status: 201)
    }

    func bundle(_ key: String) throws -> BookmarkBundle {
        let id = try Self.id(key, kind: "BookmarkBundle")
        return try stored { () throws(BookmarkStoreError) in try store.bundle(id: id) }
    }

    func updateBundle(_ key: String, _ request: HTTPRequest, partial: Bool) throws -> HTTPResponse {
        let id = try bundle(key).id
        let draft = try Self.bundleDraft(try RequestData.read(request), partial: partial)
        let bundle = try stored(order: Self.bundleFieldOrder) { () throws(BookmarkStoreError) in
            try store.updateBundle(id: id, draft, partial: partial)
        }
        return Self.json(bundle.jsonValue)
    }

    func deleteBundle(_ key: String) throws -> HTTPResponse {
        let id = try Self.id(key, kind: "BookmarkBundle")
        try stored { () throws(BookmarkStoreError) in try store.deleteBundle(id: id) }
        return Self.noContent
    }

    /// The bundle fields of a request with DRF's rules; `name` is required unless `partial` (PATCH).
    static func bundleDraft(_ data: RequestData, partial: Bool) throws(APIError) -> BookmarkBundleDraft {
        try data.requireDictionary()
        var reader = FieldReader(data, partial: partial)
        var draft = BookmarkBundleDraft()
        draft.name = reader.text("name", .init(required: true, allowBlank: false, maxLength: 256))
        draft.search = reader.text("search", .init(maxLength: 256))
        draft.anyTags = reader.text("any_tags", .init(maxLength: 1024))
        draft.allTags = reader.text("all_tags", .init(maxLength: 1024))
        draft.excludedTags = reader.text("excluded_tags", .init(maxLength: 1024))
        let choices = BookmarkBundle.FilterState.allCases.map(\.rawValue)
        draft.filterUnread = reader.choice("filter_unread", choices)
        draft.filterShared = reader.choice("filter_shared", choices)
        draft.order = reader.integer("order")
        guard reader.errors.isEmpty else { throw APIError.fields(reader.errors) }
        return draft
    }
}
