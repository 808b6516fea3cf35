import Foundation
import HTTPServer
import MarksCore
import MarksStorage

/// `/health`, `/api/user/profile/` and OPTIONS.
extension LinkdingAPI {
    /// linkding's health check: Django's `JsonResponse` (with its spaces); 500 "unhealthy" when the database fails.
    func health() -> HTTPResponse {
        let healthy: Bool
        do {
            _ = try store.tags(limit: 1, offset: 0)
            healthy = true
        } catch {
            healthy = false
        }
        let body = "{\"version\": \(JSONValue.string(configuration.version).serialized), \"status\": \"\(healthy ? "healthy" : "unhealthy")\"}"
        return HTTPResponse.json(data: Data(body.utf8), status: healthy ? 200 : 500)
    }

    /// The profile of the store's one user: a fresh linkding's settings, sharing as configured.
    func profile() -> HTTPResponse {
        Self.json(.object([
            ("theme", .string("auto")),
            ("bookmark_date_display", .string("relative")),
            ("bookmark_link_target", .string("_blank")),
            ("web_archive_integration", .string("disabled")),
            ("tag_search", .string(configuration.tagSearch.rawValue)),
            ("enable_sharing", .bool(configuration.sharing)),
            ("enable_public_sharing", .bool(configuration.publicSharing)),
            ("enable_favicons", .bool(favicons != nil)),
            ("display_url", .bool(false)),
            ("permanent_notes", .bool(false)),
            ("search_preferences", .object([])),
            ("version", .string(configuration.version)),
        ]))
    }

    /// DRF's metadata answer to OPTIONS (with the serializer's fields where DRF lists them).
    func options(_ endpoint: APIEndpoint) -> HTTPResponse {
        var exists = false
        switch endpoint {
        case .bookmark(let key):
            if let id = PythonInt.value(key) { exists = (try? store.bookmark(id: id)) != nil } // safe: only decides whether PUT is described
        case .bundle(let key):
            if let id = PythonInt.value(key) { exists = (try? store.bundle(id: id)) != nil } // safe: only decides whether PUT is described
        default:
            break
        }
        return Self.json(APIMetadata.body(for: endpoint, objectExists: exists))
    }
}
