import Foundation
import HTTPServer
import MarksBackend
import MarksClients
import MarksCore
import MarksEngine

/// The JSON bodies `/v1/` answers with, fields in the documented order.
enum BackendJSON {
    static func registered(_ issued: IssuedToken) -> HTTPResponse {
        respond([("token", .string(issued.token)), ("expires_at", .string(LinkdingDate.format(issued.expiresAt)))])
    }

    static func enriched(_ answer: EngineAnswer<EnrichResult>, pageError: String?) -> HTTPResponse {
        var fields: [(String, JSONValue)] = [
            ("summary", .string(answer.value.summary)), ("tags", .array(answer.value.tags.map(JSONValue.string))),
        ]
        fields += attribution(answer.engine, answer.fallbackReason)
        if let pageError { fields.append(("page_error", .string(pageError))) }
        return respond(fields)
    }

    static func ranked(_ answer: EngineAnswer<[RankedID]>) -> HTTPResponse {
        let results = answer.value.map { JSONValue.object([("id", .int($0.id)), ("score", .double($0.score))]) }
        return respond([("results", .array(results))] + attribution(answer.engine, answer.fallbackReason))
    }

    static func grouped(_ answer: EngineAnswer<[SmartCollection]>) -> HTTPResponse {
        let collections = answer.value.map { collection in
            JSONValue.object([
                ("name", .string(collection.name)), ("description", .string(collection.description)),
                ("bookmark_ids", .array(collection.bookmarkIDs.map(JSONValue.int))),
            ])
        }
        return respond([("collections", .array(collections))] + attribution(answer.engine, answer.fallbackReason))
    }

    private static func attribution(_ engine: String, _ fallbackReason: String?) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("engine", .string(engine))]
        if let fallbackReason { fields.append(("fallback_reason", .string(fallbackReason))) }
        return fields
    }

    private static func respond(_ fields: [(String, JSONValue)]) -> HTTPResponse {
        HTTPResponse.json(data: JSONValue.object(fields).data)
    }
}
