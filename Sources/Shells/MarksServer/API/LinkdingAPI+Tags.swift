import HTTPServer
import MarksCore
import MarksStorage

/// `/api/tags/…`: list in creation order, get-or-create (always 201), one tag, delete.
extension LinkdingAPI {
    func listTags(_ request: HTTPRequest) throws -> HTTPResponse {
        let page = PageRequest(request.query)
        let result = try stored { () throws(BookmarkStoreError) in try store.tags(limit: page.limit, offset: page.offset) }
        return pageResponse(request, page: page, count: result.count, results: result.results.map(\.jsonValue))
    }

    func createTag(_ request: HTTPRequest) throws -> HTTPResponse {
        let data = try RequestData.read(request)
        try data.requireDictionary()
        var reader = FieldReader(data, partial: false)
        let name = reader.text("name", .init(required: true, allowBlank: false, maxLength: 64))
        guard reader.errors.isEmpty else { throw APIError.fields(reader.errors) }
        let tag = try stored(order: ["name"]) { () throws(BookmarkStoreError) in try store.createTag(name: name) }
        return Self.json(tag.jsonValue, status: 201)
    }

    func tag(_ key: String) throws -> Tag {
        let id = try Self.id(key, kind: "Tag")
        return try stored { () throws(BookmarkStoreError) in try store.tag(id: id) }
    }

    func deleteTag(_ key: String) throws -> HTTPResponse {
        let id = try Self.id(key, kind: "Tag")
        try stored { () throws(BookmarkStoreError) in try store.deleteTag(id: id) }
        return Self.noContent
    }
}
