import Foundation
import HTTPServer
import MarksCore
import MarksStorage

/// `/api/bookmarks/…`: lists, one bookmark, check, create, PUT, PATCH, DELETE, archive and unarchive, assets.
extension LinkdingAPI {
    func listBookmarks(_ request: HTTPRequest, scope: BookmarkScope, authenticated: Bool) throws -> HTTPResponse {
        let parameters = request.query.map { ($0.name, $0.value) }
        // Django's QueryDict.get() returns the last value of a repeated parameter.
        var query = BookmarkListQuery(parameters: parameters.reversed(), archived: scope == .archived)
        let page = PageRequest(request.query)
        query.limit = page.limit
        query.offset = page.offset
        let result: CountedResults<Bookmark>
        let visible = configuration.sharing && (authenticated || configuration.publicSharing)
        if scope == .shared && !visible {
            result = CountedResults(count: 0, results: [])  // linkding lists only the shared bookmarks of sharing users
        } else {
            result = try stored { () throws(BookmarkStoreError) in
                try store.list(query, scope: scope, tagSearch: configuration.tagSearch)
            }
        }
        return pageResponse(request, page: page, count: result.count, results: bookmarkJSONs(result.results, for: request))
    }

    func createBookmark(_ request: HTTPRequest) async throws -> HTTPResponse {
        let input = try BookmarkInput.read(try RequestData.read(request), mode: .create)
        var bookmark = try stored { () throws(BookmarkStoreError) in try store.create(input.draft) }
        // linkding saves first, then fills an empty title or description from the page unless told not to.
        if !request.query.contains("disable_scraping"), bookmark.title.isEmpty || bookmark.description.isEmpty {
            let page = await metadata(bookmark.url)
            var fill = BookmarkUpdate()
            if bookmark.title.isEmpty, let title = Self.clipped(page.title, to: 512) { fill.title = title }
            if bookmark.description.isEmpty, let description = Self.clipped(page.description, to: nil) { fill.description = description }
            if !fill.isEmpty {
                let id = bookmark.id
                bookmark = try stored { () throws(BookmarkStoreError) in try store.update(id: id, fill) }
            }
        }
        await saved?([bookmark.id])
        var response = Self.json(bookmarkJSON(bookmark, for: request), status: 201)
        response.headers["Location"] = bookmark.url  // DRF's success header: the object's `url` field
        return response
    }

    func check(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let url = request.query.values("url").last else {
            let metadata = JSONValue.object([("url", .null), ("title", .null), ("description", .null), ("preview_image", .null)])
            return Self.json(.object([("bookmark", .null), ("metadata", metadata), ("auto_tags", .array([]))]))
        }
        let existing = try stored { () throws(BookmarkStoreError) in try store.bookmark(matching: url) }
        var page = await metadata(url)
        page.url = url
        return Self.json(BookmarkCheck(bookmark: existing, metadata: page).jsonValue)
    }

    func bookmark(_ key: String) throws -> Bookmark {
        let id = try Self.id(key, kind: "Bookmark")
        return try stored { () throws(BookmarkStoreError) in try store.bookmark(id: id) }
    }

    func updateBookmark(_ key: String, _ request: HTTPRequest, mode: BookmarkInput.Mode) async throws -> HTTPResponse {
        let id = try bookmark(key).id  // DRF looks the object up before it reads the body
        let input = try BookmarkInput.read(try RequestData.read(request), mode: mode)
        let updated = try stored { () throws(BookmarkStoreError) in
            mode == .replace ? try store.replace(id: id, input.update) : try store.update(id: id, input.update)
        }
        await saved?([updated.id])
        return Self.json(bookmarkJSON(updated, for: request))
    }

    func deleteBookmark(_ key: String) throws -> HTTPResponse {
        let id = try Self.id(key, kind: "Bookmark")
        try stored { () throws(BookmarkStoreError) in try store.delete(id: id) }
        return Self.noContent
    }

    func setArchived(_ key: String, _ archived: Bool) throws -> HTTPResponse {
        let id = try Self.id(key, kind: "Bookmark")
        try stored { () throws(BookmarkStoreError) in archived ? try store.archive(id: id) : try store.unarchive(id: id) }
        return Self.noContent
    }

    /// The store keeps no snapshots or uploads: an existing bookmark has an empty asset list.
    func assets(bookmark id: Int) throws -> HTTPResponse {
        try requireAssetOwner(id)
        return Self.json(Page<JSONValue>(count: 0, next: nil, previous: nil, results: []).jsonValue { $0 })
    }

    /// Any one asset is missing (there are none), once the bookmark is known.
    func asset(bookmark id: Int, key: String) throws -> HTTPResponse {
        try requireAssetOwner(id)
        _ = try Self.id(key, kind: "BookmarkAsset")
        throw APIError.notFound("BookmarkAsset")
    }

    private func requireAssetOwner(_ id: Int) throws {
        do throws(BookmarkStoreError) {
            _ = try store.bookmark(id: id)
        } catch {
            if case .notFound = error { throw APIError.detail(HTTPFailure(error).status, "Bookmark does not exist") }
            throw error
        }
    }

    // MARK: - Helpers

    /// Runs a store call: a missing object becomes linkding's 404, refused input its 400 with the fields in
    /// `order`; a database failure stays an unexpected error (logged, a generic 500). The status is the one mapping's
    /// (`HTTPFailure`), the body linkding's.
    func stored<T>(order: [String] = BookmarkInput.fieldOrder, _ body: () throws(BookmarkStoreError) -> T) throws -> T {
        do throws(BookmarkStoreError) {
            return try body()
        } catch {
            let failed = HTTPFailure(error)
            switch error {
            case .notFound(let kind): throw APIError(status: failed.status, body: APIError.notFound(kind).body)
            case .invalid(let fields): throw APIError(status: failed.status, body: APIError.fields(.fromStore(fields, order: order)).body)
            case .database: throw error
            }
        }
    }

    /// A path key read as Django reads a primary key (`int(key)`). A key that is no number is DRF's bare
    /// "Not found."; a number too large for the database matches nothing of `kind`.
    static func id(_ key: String, kind: String) throws(APIError) -> Int {
        switch PythonInt.read(key) {
        case .value(let id): return id
        case .overflow: throw APIError.notFound(kind)
        case .invalid: throw APIError.detail(404, "Not found.")
        }
    }

    /// Scraped text, trimmed and cut to what the store accepts; nil when there is none.
    static func clipped(_ text: String?, to limit: Int?) -> String? {
        guard let text else { return nil }
        let trimmed = PythonWhitespace.strip(text)
        guard !trimmed.isEmpty else { return nil }
        guard let limit, trimmed.unicodeScalars.count > limit else { return trimmed }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: trimmed.unicodeScalars.prefix(limit))
        return PythonWhitespace.strip(String(scalars))
    }
}
