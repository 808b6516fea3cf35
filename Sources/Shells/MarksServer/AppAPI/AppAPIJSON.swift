import Foundation
import HTTPServer
import MarksAppAPI
import MarksClients
import MarksCore
import MarksEngine
import MarksPodcasts

/// The JSON bodies `/v1/` answers with, fields in the documented order.
enum AppAPIJSON {
    static func registered(_ issued: IssuedToken) -> HTTPResponse {
        respond([("token", .string(issued.token)), ("expires_at", .string(LinkdingDate.format(issued.expiresAt))),
                 ("scope", .string(issued.scope.rawValue))])
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

    static func podcastJob(_ episode: PodcastEpisode) -> HTTPResponse {
        respond([("job_id", .string(episode.id)), ("status", .string(episode.status.rawValue))])
    }

    static func podcastStatus(_ episode: PodcastEpisode) -> HTTPResponse {
        var fields: [(String, JSONValue)] = [
            ("job_id", .string(episode.id)), ("status", .string(episode.status.rawValue)),
            ("progress", .double((episode.progress * 1000).rounded() / 1000)),
            ("title", episode.title.map(JSONValue.string) ?? .null),
        ]
        if let stage = episode.stage { fields.append(("stage", .string(stage.rawValue))) }
        if let duration = episode.durationSeconds { fields.append(("duration_seconds", .double((duration * 1000).rounded() / 1000))) }
        if let error = episode.error { fields.append(("error", .string(error))) }
        if let voice = episode.voice { fields.append(("voice", .string(voice))) }
        if episode.wasCut { fields.append(("note", .string("The text was longer than three hours of speech; the episode stops there with a note."))) }
        if let language = episode.language, episode.status == .done { fields.append(("language", .string(language))) }
        if let note = episode.voiceNote { fields.append(("voice_note", .string(note))) }
        if let kind = episode.scriptKind { fields.append(("script", .string(kind))) }
        if let note = episode.scriptNote { fields.append(("script_note", .string(note))) }
        return respond(fields)
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
