import MarksCore
import Testing

@Suite struct PlainTextBlocksTests {
    @Test func readsMarkdownShapes() {
        let text = """
        # Title

        First paragraph that was
        hard wrapped by a PDF ex-
        tractor.

        ## Part two
        - one
        * two
        1. three

        > quoted
        > more

        ```swift
        let x = 1
        ```
        | a | b |
        |---|---|
        | 1 | 2 |
        Last line.
        """
        #expect(PlainTextBlocks.blocks(from: text) == [
            .heading(level: 1, text: "Title"),
            .paragraph("First paragraph that was hard wrapped by a PDF extractor."),
            .heading(level: 2, text: "Part two"),
            .listItem("one"), .listItem("two"), .listItem("three"),
            .quote("quoted more"),
            .code("let x = 1"),
            .table(rows: 2, caption: nil),
            .paragraph("Last line."),
        ])
    }

    @Test func anUnclosedFenceIsStillCode() {
        #expect(PlainTextBlocks.blocks(from: "Intro\n```\ncode") == [.paragraph("Intro"), .code("code")])
    }

    @Test func hashtagsAreNotHeadings() {
        #expect(PlainTextBlocks.blocks(from: "#swift is fun") == [.paragraph("#swift is fun")])
    }
}
