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

    /// The profile of the store's one user: linkding's defaults, sharing on (public sharing as configured).
    func profile() -> HTTPResponse {
        Self.json(.object([
            ("theme", .string("auto")),
            ("bookmark_date_display", .string("relative")),
            ("bookmark_link_target", .string("_blank")),
            ("web_archive_integration", .string("disabled")),
            ("tag_search", .string(configuration.tagSearch.rawValue)),
            ("enable_sharing", .bool(true)),
            ("enable_public_sharing", .bool(configuration.publicSharing)),
            ("enable_favicons", .bool(false)),
            ("display_url", .bool(false)),
            ("permanent_notes", .bool(false)),
            ("search_preferences", .object([])),
            ("version", .string(configuration.version)),
        ]))
    }

    /// DRF's metadata answer to OPTIONS.
    func options(_ endpoint: APIEndpoint) -> HTTPResponse {
        Self.json(.object([
            ("name", .string(endpoint.viewName)),
            ("description", .string("")),
            ("renders", .array([.string("application/json"), .string("text/html")])),
            ("parses", .array([.string("application/json"), .string("application/x-www-form-urlencoded"), .string("multipart/form-data")])),
        ]))
    }
}
