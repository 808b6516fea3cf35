import MarksCore
import Testing

@Suite struct NarrationScriptBuilderTests {
    private func article(_ blocks: [ArticleBlock], title: String? = "Why Caching Matters", language: String? = "en") -> NarrationSource {
        NarrationSource(title: title, origin: .article(site: "www.example.com"), language: language, blocks: blocks)
    }

    private static let words = Array(repeating: "word", count: 320).joined(separator: " ")

    @Test func introBodyAndOutro() throws {
        let script = try #require(NarrationScriptBuilder.script(for: article([.paragraph(Self.words)])))
        #expect(script.sections.count == 1)
        let text = script.sections[0].text
        #expect(text.hasPrefix("From example.com: Why Caching Matters, about 2 minutes."))
        #expect(text.hasSuffix("That was Why Caching Matters, from example.com."))
        #expect(script.artist == "www.example.com")
        #expect(script.title == "Why Caching Matters")
        #expect(script.estimatedMinutes == 2)
        #expect(script.sections[0].pauseAfter == 0)
    }

    @Test func headingsBecomeChaptersWithPauses() throws {
        let script = try #require(NarrationScriptBuilder.script(for: article([
            .heading(level: 1, text: "Why Caching Matters"),  // repeats the title: not a chapter
            .paragraph("Caches keep answers close."),
            .heading(level: 2, text: "Invalidation"),
            .paragraph("The hard part."),
            .heading(level: 3, text: "TTLs"),
            .paragraph("Time bounds staleness."),
            .heading(level: 2, text: "Summary"),
            .listItem("Keep it simple"),
            .listItem("Measure first"),
        ])))
        #expect(script.sections.map(\.title) == ["Why Caching Matters", "Invalidation", "TTLs", "Summary"])
        #expect(script.sections.map(\.pauseAfter) == [1.2, 0.8, 1.2, 0])
        #expect(script.sections[1].text == "Invalidation.\n\nThe hard part.")
        #expect(script.sections[3].text.contains("Keep it simple.\n\nMeasure first."))
        #expect(!script.sections[0].text.contains("Why Caching Matters.\n\n"))
    }

    @Test func codeAndTablesAreSkippedWithAWord() throws {
        let script = try #require(NarrationScriptBuilder.script(for: article([
            .paragraph("Install it:"),
            .code("brew install thing"),
            .code("thing --init"),
            .paragraph("Results follow."),
            .table(rows: 4, caption: nil),
            .table(rows: 1, caption: "Timings"),
            .quote("Premature optimisation is the root of all evil"),
        ])))
        let text = script.sections[0].text
        #expect(text.components(separatedBy: "A code example is skipped here.").count == 2)
        #expect(!text.contains("brew"))
        #expect(text.contains("A table with 4 rows is skipped here."))
        #expect(text.contains("A table, Timings, is skipped here."))
        #expect(text.contains("Quote: Premature optimisation is the root of all evil. End of quote."))
    }

    @Test func nothingToSpeakIsNil() {
        #expect(NarrationScriptBuilder.script(for: article([])) == nil)
        #expect(NarrationScriptBuilder.script(for: article([.code("x = 1"), .table(rows: 3, caption: nil), .heading(level: 2, text: "Only a heading")])) == nil)
        #expect(NarrationScriptBuilder.script(for: article([.paragraph("   "), .paragraph("[1]")])) == nil)
    }

    @Test func sourcesSayWhereTheyComeFrom() throws {
        let source = NarrationSource(title: "Meeting notes", origin: .source(kind: "text"), language: nil, blocks: [.paragraph("We agreed.")])
        let script = try #require(NarrationScriptBuilder.script(for: source))
        #expect(script.sections[0].text == "From your notes: Meeting notes, about 1 minute.\n\nWe agreed.\n\nThat was Meeting notes.")
        #expect(script.artist == "Marks")
        let pdf = NarrationSource(title: nil, origin: .source(kind: "pdf"), language: nil, blocks: [.paragraph("Body.")])
        #expect(try #require(NarrationScriptBuilder.script(for: pdf)).sections[0].text.hasPrefix("From your PDF, about 1 minute."))
    }

    @Test func otherLanguagesGetNoEnglishFrame() throws {
        let script = try #require(NarrationScriptBuilder.script(for: article([.paragraph("Das ist ein Satz"), .code("x")], title: "Titel", language: "de")))
        #expect(script.sections[0].text == "Titel.\n\nDas ist ein Satz.")
    }

    @Test func aLongArticleEstimatesItsMinutes() throws {
        let paragraphs = (0..<15).map { _ in ArticleBlock.paragraph(Array(repeating: "word", count: 100).joined(separator: " ")) }
        let script = try #require(NarrationScriptBuilder.script(for: article(paragraphs)))
        #expect(script.estimatedMinutes == 9)  // 1,500 words at 160 a minute
        #expect(script.wordCount > 1_500)
    }
}
