import Foundation
import MarksIndex
import Synchronization
import HTTPServer
import MarksClients
import MarksCore
import MarksBookmarks
import MarksTestSupport
import Testing
@testable import MarksServer

/// The web Ask tab through the responder seam: the form works without script (the page comes back with the answer,
/// its `[n]` linking to citation cards that open the reader at the highlighted passage), follow-ups make a thread,
/// "not found" lists the nearest items, New conversation forgets the thread, the script's stream route answers under
/// the session and CSRF token, and the reader marks the passage it is opened at.
@Suite struct WebAskTests {
    /// A web app whose library holds `AskLibrary`'s bookmarks, with Ask and the reader over them.
    static func harness(_ directory: TemporaryDirectory, ask: Bool = true, provider: (any ProviderClient)? = nil) async throws -> WebHarness {
        let service = ask ? try await AskLibrary.service(in: directory.url, provider: provider) : nil
        return try await WebHarness.make(prepare: { source in
            for bookmark in AskLibrary.bookmarkValues() { _ = try await source.insert(bookmark) }
        }, reader: { try AskLibrary.article($0) }, configure: { _, _, options in options.ask = service })
    }

    /// While vectors are being computed the Ask tab says how much of the library it has read (the form's answer page
    /// too); with none being computed, or a few texts left, it says nothing.
    @Test func theAskTabSaysHowMuchOfTheLibraryItHasReadYet() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask-reading")
        defer { directory.cleanUp() }
        let service = try await AskLibrary.service(in: directory.url)
        let reading = Mutex<IndexProgress?>(IndexProgress(done: 1200, total: 5000))
        let web = try await WebHarness.make(prepare: { source in
            for bookmark in AskLibrary.bookmarkValues() { _ = try await source.insert(bookmark) }
        }, reader: { try AskLibrary.article($0) }, configure: { _, _, options in
            options.ask = service
            options.semanticReading = { reading.withLock { $0 } }
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/ask"))
        #expect(page.contains("id=\"ask-reading\""))
        #expect(page.contains("(1,200 of 5,000 texts so far). An answer may miss what it has not read yet."))
        let answered = WebClient.text(try await client.post("/ask", [("question", "How often do I feed the sourdough starter?"), ("conversation", ""), ("tag", "")]))
        #expect(answered.contains("id=\"ask-reading\""))
        reading.withLock { $0 = IndexProgress(done: 4990, total: 5000) }
        #expect(!WebClient.text(try await client.get("/ask")).contains("ask-reading"))
        reading.withLock { $0 = nil }
        #expect(!WebClient.text(try await client.get("/ask")).contains("ask-reading"))
    }

    @Test func theFormAnswersWithoutScriptAndEachCitationOpensThePassage() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask")
        defer { directory.cleanUp() }
        let web = try await Self.harness(directory)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let empty = WebClient.text(try await client.get("/ask"))
        #expect(empty.contains("id=\"ask-form\"") && empty.contains("action=\"/ask\""))
        #expect(empty.contains("id=\"ask-intro\""))
        #expect(empty.contains("<form method=\"post\" action=\"/ask/clear\" class=\"ask-clear\" id=\"ask-clear\" hidden>"))

        let response = try await client.post("/ask", [("question", "How often do I feed the sourdough starter with rye flour?"), ("conversation", ""), ("tag", "")])
        #expect(response.status == 200)
        let page = WebClient.text(response)
        #expect(page.contains("<h2 class=\"ask-question\" id=\"turn-1-q\">How often do I feed the sourdough starter with rye flour?</h2>"))
        #expect(page.contains("<p class=\"ask-answer\">Feed the sourdough starter with rye flour twice a day. <a class=\"cite\" href=\"#t1-c1\" aria-label=\"Citation 1: Sourdough guide\">[1]</a> </p>"))
        let link = "/bookmarks/1/read?highlight=Feed%20the%20sourdough%20starter%20with%20rye%20flour%20twice%20a%20day.#passage"
        #expect(page.contains("<li class=\"citation\" id=\"t1-c1\">"))
        #expect(page.contains("<a class=\"citation-title\" href=\"\(link)\">Sourdough guide</a>"))
        #expect(page.contains("<p class=\"ask-where\">bread.example · Starter</p><blockquote class=\"citation-quote\">Feed the sourdough starter with rye flour twice a day.</blockquote>"))
        #expect(!page.contains("ask-note"), "no fallback, the vectors were used")
        #expect(!page.contains(" id=\"ask-clear\" hidden"), "the conversation can be cleared now")

        // The citation opens the reader with the passage marked and the fragment to scroll to.
        let reader = WebClient.text(try await client.get(String(link.prefix { $0 != "#" })))
        #expect(reader.contains("<p><mark class=\"passage\" id=\"passage\">Feed the sourdough starter with rye flour twice a day.</mark></p>"))
        #expect(reader.components(separatedBy: "<mark").count == 2)
    }

    @Test func aFollowUpIsAThreadAndAnUnanswerableQuestionListsTheNearestItems() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask")
        defer { directory.cleanUp() }
        let web = try await Self.harness(directory)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let first = WebClient.text(try await client.post("/ask", [("question", "How often do I feed the sourdough starter?")]))
        let id = try #require(first.firstMatch(of: /name="conversation" value="([0-9a-f-]+)"/)?.1)
        let second = WebClient.text(try await client.post("/ask", [("question", "And with which flour do I feed it?"), ("conversation", String(id))]))
        #expect(second.contains("<article class=\"ask-turn ask-earlier\" id=\"turn-1\" aria-labelledby=\"turn-1-q\"><h2 class=\"ask-question\" id=\"turn-1-q\">How often do I feed the sourdough starter?</h2>"))
        #expect(second.contains("id=\"turn-2-q\">And with which flour do I feed it?</h2>"))
        #expect(second.contains("rye flour"))
        #expect(second.contains("A follow-up question"))

        let third = WebClient.text(try await client.post("/ask", [("question", "What is the capital city of Peru?"), ("conversation", String(id))]))
        #expect(third.contains("<p class=\"ask-answer ask-not-found\">I couldn’t find that in your bookmarks.</p>")
                || third.contains("<p class=\"ask-answer ask-not-found\">I couldn&#39;t find that in your bookmarks.</p>"))
        #expect(third.contains("The nearest items"))
        #expect(third.contains("id=\"turn-3\""))

        // The thread comes back by its id; New conversation forgets it.
        let shown = WebClient.text(try await client.get("/ask?c=\(id)"))
        #expect(shown.contains("id=\"turn-3-q\">What is the capital city of Peru?</h2>"))
        let cleared = try await client.post("/ask/clear", [("conversation", String(id))])
        #expect(cleared.status == 303 && cleared.headers["Location"] == "/ask?notice=ask-cleared")
        #expect(!WebClient.text(try await client.get("/ask?c=\(id)")).contains("turn-1-q"))
        #expect(WebClient.text(try await client.get("/ask?notice=ask-cleared")).contains("Conversation cleared."))
    }

    @Test func refusedQuestionsKeepTheFormAndSayWhy() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask")
        defer { directory.cleanUp() }
        let web = try await Self.harness(directory)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let blank = try await client.post("/ask", [("question", "  "), ("unread", "1"), ("tag", "bread")])
        #expect(blank.status == 400)
        let page = WebClient.text(blank)
        #expect(page.contains("id=\"ask-problem\" role=\"alert\""))
        #expect(page.contains("question is empty; give a value."))
        #expect(page.contains("id=\"ask-unread\" checked") && page.contains("value=\"bread\""))
        let gone = try await client.post("/ask", [("question", "sourdough?"), ("conversation", "forgotten-one")])
        #expect(gone.status == 400 && WebClient.text(gone).contains("is not a conversation here"))
        // Without the CSRF token: refused like every other form.
        #expect(try await client.post("/ask", [("question", "sourdough?")], csrf: .some(nil)).status == 403)
        var anonymous = web.anonymous()
        #expect(try await anonymous.get("/ask").status == 303)
    }

    @Test func theScriptsStreamNeedsTheSessionAndEndsWithTheTurnsMarkup() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask")
        defer { directory.cleanUp() }
        let web = try await Self.harness(directory)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let body = Data(QueryParameters([("question", "How often do I feed the sourdough starter with rye flour?"), ("conversation", "")]).encoded.utf8)
        let headers = [("Origin", "http://127.0.0.1:8080"), ("Sec-Fetch-Site", "same-origin"), ("Accept", "text/event-stream, application/json"),
                       ("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8")]
        let refused = try await client.send(.post, "/ask/stream", headers: headers, body: body)
        #expect(refused.status == 403, "no CSRF token")
        let response = try await client.send(.post, "/ask/stream", headers: headers + [("X-CSRF-Token", client.csrf)], body: body)
        #expect(response.status == 200)
        #expect(response.headers["Content-Encoding"] == nil, "a stream is not gzipped")
        guard case .stream(let stream) = response.body else { Issue.record("not a stream"); return }
        let events = try AskAPITests.events(String(decoding: try await stream.collect(), as: UTF8.self))
        #expect(events.map(\.0) == ["token", "answer", "turn"])
        let turn = try #require(events.last?.1)
        #expect((turn["html"] as? String)?.hasPrefix("<article class=\"ask-turn\" id=\"turn-1\"") == true)
        #expect((turn["html"] as? String)?.contains("href=\"#t1-c1\"") == true)
        #expect((turn["conversation_id"] as? String)?.isEmpty == false)

        let blank = Data(QueryParameters([("question", "")]).encoded.utf8)
        let bad = try await client.send(.post, "/ask/stream", headers: headers + [("X-CSRF-Token", client.csrf)], body: blank)
        #expect(bad.status == 400 && WebClient.text(bad) == #"{"error":"question is empty; give a value."}"#)
    }

    @Test func aSourceCitationOpensTheSourceAndAFieldsPassageTheBookmarksPage() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask")
        defer { directory.cleanUp() }
        let web = try await Self.harness(directory)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.post("/ask", [("question", "Are safety goggles required in the chemistry lab?")]))
        #expect(page.contains("<a class=\"citation-title\" href=\"/sources/\(AskLibrary.sourceID)?highlight=Safety%20goggles%20are%20required%20at%20every%20bench%20of%20the%20chemistry%20lab.#passage\">Lab manual</a>"))
        #expect(page.contains("<p class=\"ask-where\">Source · p. 1</p>"))
        // A bookmark's own fields (its description here) are marked on its page.
        let details = WebClient.text(try await client.get("/bookmarks/3?highlight=Why%20bread%20rises."))
        #expect(details.contains("<p class=\"excerpt\"><mark class=\"passage\" id=\"passage\">Why bread rises.</mark></p>"))
    }

    @Test func withoutAskTheTabSaysSo() async throws {
        let directory = try TemporaryDirectory(prefix: "marks-web-ask")
        defer { directory.cleanUp() }
        let web = try await Self.harness(directory, ask: false)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(WebClient.text(try await client.get("/ask")).contains("Ask is not available here"))
        #expect(try await client.post("/ask", [("question", "bread?")]).status == 503)
    }

    @Test func theHighlightMarksEachSentenceWhereverTheWhiteSpaceDiffersAndEscapes() {
        let highlight = PassageHighlight("Grey herons leave in October.  They <nest> in reeds!")
        var first = true
        let text = highlight?.mark("Grey herons\nleave in October. Then: They <nest> in reeds! End.", first: &first).rendered
        #expect(text == "<mark class=\"passage\" id=\"passage\">Grey herons\nleave in October.</mark> Then: <mark class=\"passage\">They &lt;nest&gt; in reeds!</mark> End.")
        #expect(!first)
        #expect(PassageHighlight("  ") == nil && PassageHighlight(nil) == nil)
        var again = true
        #expect(highlight?.mark("nothing here", first: &again).rendered == "nothing here" && again)
    }
}
