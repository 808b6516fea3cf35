import Foundation
import MarksAppAPI
import MarksIndex
import MarksAsk

/// The checks and error mapping an Ask request goes through on every surface that takes one over HTTP
/// (`POST /v1/marks/ask`, the web app's Ask tab): the body's limits (`AskBody.validated`), a conversation this
/// server knows, and Ask's errors as `AppAPIError`s.
enum AskChecks {
    /// The library's request for a checked body; throws a 400 for a conversation this server does not know.
    static func request(_ body: AskBody, service: AskService) async throws -> AskRequest {
        if let id = body.conversationID, try await mapped({ try await service.conversation(id) }).isEmpty {
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

    /// Ask's errors as backend errors: a question with no words or a malformed id is a 400, a missing model a
    /// 503; storage failures stay unexpected (a 500 the router logs).
    static func mapped<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as AskError {
            switch error {
            case .invalidConversationID: throw AppAPIError.invalid(error.description)
            case .storage: throw error
            }
        } catch let error as IndexError {
            switch error {
            case .emptyQuery: throw AppAPIError.invalid("question has no words; ask something.")
            case .modelMissing(let message): throw AppAPIError.unavailable(message)
            default: throw error
            }
        }
    }

    /// What an `error` event says when asking fails after the stream began.
    static func failure(_ error: any Error) -> String {
        switch error {
        case let error as AskError: error.description
        case let error as IndexError: String(describing: error)
        default: "The answer could not be made; try again."
        }
    }
}
