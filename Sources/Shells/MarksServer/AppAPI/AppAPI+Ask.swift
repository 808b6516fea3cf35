import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksIndex
import MarksBookmarks

extension AppAPI {
    /// `POST /v1/marks/ask` → the answer object of `marks ask --json` (`AskAnswer.json`); with
    /// `Accept: text/event-stream`, `token` events as the text arrives and one `answer` event with that object.
    /// An unknown `conversation_id` is a 400 (the id an earlier answer carried, not one the client makes up).
    func ask(_ request: HTTPRequest) async throws -> HTTPResponse {
        _ = try authenticate(request, limiter: askLimiter, what: "ask calls from this device")
        guard let service = askService else { throw AppAPIError.unavailable("Ask is not set up on this server.") }
        let body = try WireDecoding.decode(AskBody.self, from: request.body, limit: limits.askBody).validated(limits)
        let askRequest = try await AskChecks.request(body, service: service)
        if AskEventStream.isWanted(by: request) {
            return AskEventStream.response({ onToken in try await service.ask(askRequest, onToken: onToken) },
                                           closing: { [("answer", $0.json)] },
                                           describe: { AskChecks.failure($0) })
        }
        let answer = try await service.ask(askRequest)
        return HTTPResponse.json(data: answer.json.data)
    }
}
