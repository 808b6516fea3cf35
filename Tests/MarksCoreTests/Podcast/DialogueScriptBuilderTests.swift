import Foundation
import MarksCore
import Testing

/// The AI dialogue's checks (issue 13 item 2): structure, length and every quote against the article; any
/// failure says why and the caller speaks the narration instead.
@Suite struct DialogueScriptBuilderTests {
    static let source = NarrationSource(title: "Caches", origin: .article(site: "example.com"), language: "en", blocks: [
        .paragraph("A cache keeps answers close to where they are needed, so the slow path runs less often."),
        .heading(level: 2, text: "Invalidation"),
        .paragraph("The hard part is knowing when an answer is stale. Time limits bound how stale it can be."),
    ])
    static var narration: NarrationScript {
        get throws { try #require(NarrationScriptBuilder.script(for: source)) }
    }

    static func answer(_ turns: [(String, String, String?)]) -> String {
        let items = turns.map { turn -> String in
            let topic = turn.2.map { #","topic":\#(JSONValue.string($0).serialized)"# } ?? ""
            return #"{"speaker":"\#(turn.0)","text":\#(JSONValue.string(turn.1).serialized)\#(topic)}"#
        }
        return #"{"turns":[\#(items.joined(separator: ","))]}"#
    }

    static let good: [(String, String, String?)] = [
        ("host", "Today we talk about caches and why they matter so much for speed.", "Caches"),
        ("guest", "A cache keeps answers close to where they are needed, so the slow path runs less often.", "Caches"),
        ("host", "That sounds simple enough. So what is the hard part about using one?", "Invalidation"),
        ("guest", "Knowing when an answer is stale. As the author puts it: “Time limits bound how stale it can be”.", "Invalidation"),
        ("host", "So a time limit is a kind of safety net for old answers, then.", "Invalidation"),
        ("guest", "Exactly, it bounds how old an answer can get before the slow path runs again.", "Invalidation"),
    ]

    func build(_ turns: [(String, String, String?)]) throws -> Result<NarrationScript, DialogueScriptBuilder.Rejection> {
        DialogueScriptBuilder.script(fromAnswer: Self.answer(turns), source: Self.source, narration: try Self.narration)
    }

    @Test func aGoodDialogueBecomesATwoVoiceScript() throws {
        let script = try build(Self.good).get()
        #expect(script.kind == .dialogue)
        #expect(script.title == "Caches" && script.artist == "example.com")
        #expect(script.sections.map(\.speaker) == [.host, .guest, .host, .guest, .host, .guest])
        #expect(script.sections.map(\.title) == ["Caches", "Caches", "Invalidation", "Invalidation", "Invalidation", "Invalidation"])
        #expect(script.sections[0].text.hasPrefix("From example.com: Caches, a conversation, about 1 minute.\n\nToday we talk"), "\(script.sections[0].text)")
        // A longer pause where the topic changes, none after the last turn.
        #expect(script.sections.map(\.pauseAfter) == [0.35, 0.9, 0.35, 0.35, 0.35, 0])
    }

    @Test func aFencedAnswerWithProseAroundItIsRead() throws {
        let fenced = "Sure, here it is:\n```json\n" + Self.answer(Self.good) + "\n```\nEnjoy!"
        #expect(throws: Never.self) { try DialogueScriptBuilder.script(fromAnswer: fenced, source: Self.source, narration: try Self.narration).get() }
    }

    @Test func quotesMustBeInTheArticleWordForWord() throws {
        var invented = Self.good
        invented[3].1 = "The author says \"caches never go stale\" and that is that."
        #expect(try build(invented) == .failure(.inventedQuote("caches never go stale")))
        var paraphrase = Self.good
        paraphrase[3].1 = "They write that \"time limits bound how old it can be\"."
        #expect(try build(paraphrase) == .failure(.inventedQuote("time limits bound how old it can be")))
        var unclosed = Self.good
        unclosed[3].1 = "The author says \"caches are magic"
        #expect(try build(unclosed) == .failure(.inventedQuote("caches are magic")))
        // Case, punctuation and spacing aside, a real quote passes.
        var exact = Self.good
        exact[1].1 = "Quote: \"a CACHE keeps answers close to where they are needed — so the slow path runs less often\"."
        #expect(throws: Never.self) { try build(exact).get() }
    }

    @Test func theStructureIsChecked() throws {
        #expect(try build(Array(Self.good.prefix(3))) == .failure(.structure("3 turns (4…120 are expected)")))
        #expect(try build(Array(Self.good.dropFirst())) == .failure(.structure("the guest speaks first")))
        let monologue = Self.good.map { ("host", $0.1, $0.2) }
        #expect(try build(monologue) == .failure(.structure("the guest never speaks")))
        let four = [Self.good[0], ("host", "One.", nil), ("host", "Two.", nil), ("host", "Three.", nil)] + Self.good.dropFirst()
        #expect(try build(four) == .failure(.structure("the host has more than three turns in a row")))
        var long = Self.good
        long[2].1 = String(repeating: "word ", count: 400)
        #expect(try build(long) == .failure(.structure("turn 3 is longer than 1500 characters")))
        var narrator = Self.good
        narrator[1].0 = "narrator"
        #expect(try build(narrator) == .failure(.structure("turn 2's speaker \"narrator\" is neither host nor guest")))
        let short = [("host", "Hi.", nil), ("guest", "Hello.", nil), ("host", "Bye.", nil), ("guest", "Bye.", nil)] as [(String, String, String?)]
        #expect(try build(short) == .failure(.structure("4 words is too short for an episode")))
        let rambling = (0..<40).map { index in (index % 2 == 0 ? "host" : "guest", String(repeating: "caches are lovely things ", count: 12), String?.none) }
        guard case .failure(.structure(let reason)) = try build(rambling) else { Issue.record("a dialogue far longer than the article passed"); return }
        #expect(reason.hasPrefix("1920 words is longer than the article allows ("), "\(reason)")
    }

    @Test func answersThatAreNotADialogueSaySo() throws {
        let narration = try Self.narration
        #expect(DialogueScriptBuilder.script(fromAnswer: "Sure! A podcast about caches.", source: Self.source, narration: narration) == .failure(.notJSON("no JSON object")))
        #expect(DialogueScriptBuilder.script(fromAnswer: "{\"turns\": [", source: Self.source, narration: narration) == .failure(.notJSON("no JSON object")))
        #expect(DialogueScriptBuilder.script(fromAnswer: "{\"lines\": []}", source: Self.source, narration: narration) == .failure(.notJSON("no \"turns\" list")))
        #expect(DialogueScriptBuilder.script(fromAnswer: "{\"turns\": [{\"who\": \"host\"}]}", source: Self.source, narration: narration)
                == .failure(.notJSON("turn 1 has no \"speaker\" and \"text\"")))
    }
}
