import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksAsk
import MarksIndex

/// The Ask tab: `GET /ask` (`?c=<conversation>` shows one), `POST /ask` (the form: the page comes back with the
/// answer), `POST /ask/stream` (the script: the answer as server-sent events, ending with the turn's markup),
/// `POST /ask/clear` (forgets the conversation). Every request goes through the checks of `/v1/marks/ask`.
struct AskController: WebFeature {
    let web: WebContext
    let service: AskService
    /// How far the vectors being computed now are (nil: none): the page says how much Ask has read yet.
    var semanticReading: @Sendable () -> IndexProgress? = { nil }

    /// The Ask routes.
    func mount(on r: inout Router) {
        r.get("/ask") { try await askPage($0) }
        r.post("/ask") { try await ask($0) }
        r.post("/ask/stream") { try await askStream($0) }
        r.post("/ask/clear") { try await clearAsk($0) }
    }

    /// `GET /ask`.
    func askPage(_ request: HTTPRequest) async throws -> HTTPResponse {
        let ctx = context(request)
        var view = AskPage(context: ctx, knownTags: await knownTags(), available: true)
        view.reading = semanticReading()
        if let id = request.query["c"], AskConversationStore.isValidID(id) {
            let turns = try await service.conversation(id)
            if !turns.isEmpty {
                view.conversationID = id
                view.earlier = turns
            }
        }
        return page(AskPage.title, tab: .ask, view.render(), context: ctx)
    }

    /// `POST /ask`: answers the question and shows the thread with the answer, or the form with what is wrong.
    func ask(_ request: HTTPRequest) async throws -> HTTPResponse {
        let ctx = context(request)
        let form = try request.form()
        var view = AskPage(context: ctx, question: Self.field(form, "question"), unreadOnly: form["unread"] == "1",
                           tag: form["tag"] ?? "", knownTags: await knownTags())
        view.reading = semanticReading()
        let conversation = form["conversation"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let asked = try await askRequest(form, service: service)
            if let id = asked.conversationID { view.earlier = try await service.conversation(id) }
            let answer = try await service.ask(asked)
            view.latest = answer
            view.conversationID = answer.conversationID
            view.question = ""
            return page(AskPage.title, tab: .ask, view.render(), context: ctx)
        } catch {
            // A refused question is the form again with what is wrong; an unexpected error is the error page.
            let failed = HTTPFailure(error)
            if failed.isUnexpected { throw error }
            view.problem = failed.message
            if let conversation, AskConversationStore.isValidID(conversation) {
                view.earlier = try await service.conversation(conversation)
                view.conversationID = view.earlier.isEmpty ? nil : conversation
            }
            return page(AskPage.title, tab: .ask, view.render(), context: ctx, status: failed.status)
        }
    }

    /// `POST /ask/stream` (the script, with the session's CSRF token): `token` events, then `answer` (the object of
    /// `/v1/marks/ask`) and `turn` (`{"html", "conversation_id"}`: the turn's markup as the form shows it). A refused
    /// question is a JSON `{"error"}` with its status.
    func askStream(_ request: HTTPRequest) async throws -> HTTPResponse {
        let asked: AskRequest
        let earlier: Int
        do {
            asked = try await askRequest(try request.form(), service: service)
            if let id = asked.conversationID {
                earlier = try await service.conversation(id).count
            } else {
                earlier = 0
            }
        } catch {
            let failed = HTTPFailure(error)
            if failed.isUnexpected { throw error }
            return .json(data: JSONValue.object([("error", .string(failed.message))]).data, status: failed.status)
        }
        return AskEventStream.response({ onToken in try await service.ask(asked, onToken: onToken) }, closing: { answer in
            [("answer", answer.json),
             ("turn", .object([("html", .string(AskTurnView(answer: answer, turn: earlier + 1).render().rendered)),
                               ("conversation_id", .optional(answer.conversationID))]))]
        }, describe: { [web] in AskChecks.failure($0, log: web.log) })
    }

    /// `POST /ask/clear`: forgets the conversation and starts a new one.
    func clearAsk(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let id = try request.form()["conversation"], AskConversationStore.isValidID(id) {
            try await service.clearConversation(id)
        }
        return redirect("/ask", notice: "ask-cleared")
    }

    /// The library's request for the form's fields, through the checks of `/v1/marks/ask`.
    private func askRequest(_ form: QueryParameters, service: AskService) async throws -> AskRequest {
        let conversation = form["conversation"].flatMap { $0.isEmpty ? nil : $0 }
        let tag = form["tag"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let body = try AskBody(question: Self.field(form, "question"), conversationID: conversation, tag: tag,
                               unread: form["unread"] == "1").validated(AppAPILimits())
        return try await AskChecks.request(body, service: service)
    }
}
