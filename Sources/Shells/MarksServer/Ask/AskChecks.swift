import Foundation
import MarksAppAPI
import MarksIndex
import MarksAsk

/// The checks an Ask request goes through on every surface that takes one over HTTP
/// (`POST /v1/marks/ask`, the web app's Ask tab): the body's limits (`AskBody.validated`) and a conversation this
/// server knows. Ask's errors become statuses and messages in `HTTPFailure`.
enum AskChecks {
    /// The library's request for a checked body; throws a 400 for a conversation this server does not know.
    static func request(_ body: AskBody, service: AskService) async throws -> AskRequest {
        if let id = body.conversationID, try await service.conversation(id).isEmpty {
            throw AppAPIError.invalid("conversation_id \"\(id)\" is not a conversation here (it was cleared, or never started); leave it out to start a new one.")
        }
        let scope: SearchFilter.SourceScope = switch body.scope {
        case .all: .included
        case .bookmarks: .excluded
        case .sources: .only
        }
        let tag = body.tag?.trimmingCharacters(in: .whitespaces)
        return AskRequest(question: body.question.trimmingCharacters(in: .whitespacesAndNewlines),
                          filter: SearchFilter(unreadOnly: body.unread, tag: tag?.isEmpty == false ? tag : nil, sources: scope),
                          conversationID: body.conversationID)
    }

    /// What an `error` event says when asking fails after the stream began (`HTTPFailure`'s message); an unexpected
    /// error says nothing of its cause, which goes to `log`.
    static func failure(_ error: any Error, log: @Sendable (String) -> Void = { _ in }) -> String {
        let failure = HTTPFailure(error)
        guard failure.isUnexpected else { return failure.message }
        log("ask: the streamed answer failed: \(String(describing: error).prefix(500))")
        return "The answer could not be made; try again."
    }
}
