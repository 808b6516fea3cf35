import Foundation
import HTTPClient
import Testing
import MarksClients
import MarksCore

/// A page of bookmarks is read by `BookmarkPageReader` when it can and by `JSONDecoder` otherwise: the client's answers
/// and errors are what they were with `JSONDecoder` alone.
@Suite struct LinkdingPageDecodingTests {
    static func page(_ results: String) -> String {
        #"{"count":1,"next":null,"previous":null,"results":[\#(results)]}"#
    }

    @Test func aLenientPageStillDecodes() async throws {
        // Not one the reader is sure of (an id written as a float): JSONDecoder reads it as before.
        let page = try await StubTransport(.json(Self.page(#"{"id":3.0,"url":"u","tag_names":["a"]}"#))).client().list(BookmarkListQuery())
        #expect(page.results.map(\.id) == [3])
        #expect(page.results.first?.tagNames == ["a"])
    }

    static let malformed: [(label: String, body: String, detail: String)] = [
        ("a missing id", page(#"{"url":"u"}"#), #"results[0] has no "id""#),
        ("a wrong type", page(#"{"id":1,"url":"u","unread":"yes"}"#), "results[0].unread is not a Bool"),
        ("a null url", page(#"{"id":1,"url":null}"#), "results[0].url is null"),
        ("a bad date", page(bookmarkJSON(id: 1, added: "yesterday")), "results[0].date_added"),
        ("a lone surrogate", page(#"{"id":1,"url":"\ud800"}"#), "the answer is not JSON"),
        ("a truncated page", String(page(bookmarkJSON(id: 1)).dropLast(9)), "the answer is not JSON"),
        ("a hostile nesting", #"{"count":0,"results":[],"x":"# + String(repeating: "[", count: 100_000), "the answer is not JSON"),
    ]

    @Test(arguments: malformed)
    func aMalformedPageIsATypedError(_ label: String, _ body: String, _ detail: String) async {
        let error = await sourceError { _ = try await StubTransport(.json(body)).client().page(at: "/api/bookmarks/?offset=1") }
        guard case .malformedResponse(let message) = error else {
            Issue.record("\(label): expected malformedResponse, got \(String(describing: error))")
            return
        }
        #expect(message.contains(detail), "\(label): \(message)")
    }

    @Test func anHTMLAnswerIsNotLinkdingEvenWhenItHoldsAPage() async {
        let body = Self.page(bookmarkJSON(id: 1))
        let error = await sourceError { _ = try await StubTransport(.html(body)).client().list(BookmarkListQuery()) }
        guard case .notLinkding = error else {
            Issue.record("expected notLinkding, got \(String(describing: error))")
            return
        }
    }
}
