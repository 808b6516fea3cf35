import Foundation
import MarksTestSupport
import StandInNetwork
import Testing
@testable import MarksDocuments

/// A document's hard line breaks re-flowed for reading (issue 37 item 7): a PDF's pages as poppler's `pdftotext`
/// extracts them (every printed line ends in a line break, no blank line between paragraphs, a bullet alone on its
/// line) become paragraphs, list items and short heading lines; hard-wrapped plain text is joined; text that is a
/// paragraph a line is left as it is.
@Suite struct TextReflowTests {
    /// The first page: a heading, a wrapped paragraph, a heading, a bullet alone on its line, a wrapped bullet, a
    /// numbered list, a closing paragraph; the second page its own heading and paragraph.
    static let pages: [TestPDF.Page] = [
        .text([
            "Introduction",
            "Marks keeps the pages you save and reads them to you later, so a",
            "long report printed in narrow columns comes back as whole sentences",
            "instead of broken lines. Each paragraph of the report is joined again",
            "before it is shown, so a sentence reads on a phone as it was written.",
            "What it keeps",
            "•",
            "Bullets that the extractor put alone on their line",
            "• Bullets written with their words on the same line, even when",
            "one runs on to a second line",
            "1. Numbered steps as an ordered list",
            "2. The second step",
            "A closing paragraph that ends the first page of this short test report.",
        ]),
        .text([
            "Second page",
            "The page markers stay where they were: this text is on the second page",
            "of the document and is shown after its marker.",
        ]),
    ]

    @Test(.enabled(if: DocumentExtractor.Tools.find(path: nil).pdftotext != nil, "needs poppler-utils (pdftotext)"))
    func pdftotextPagesBecomeParagraphsListsAndHeadings() async throws {
        let fixture = try SourceFixture()
        defer { fixture.directory.cleanUp() }
        let file = try fixture.file("report.pdf", TestPDF.make(Self.pages))
        let extraction = try await fixture.library.extractor.extract(file: file, filename: "report.pdf", byteSize: 0)
        try #require(extraction.pages.count == 2, "\(extraction)")
        #expect(extraction.pages[0].contains("so a\nlong report"), "pdftotext breaks the lines: \(extraction.pages[0])")
        #expect(TextReflow.blocks(extraction.pages[0]) == [
            .line("Introduction"),
            .paragraph("Marks keeps the pages you save and reads them to you later, so a long report printed in narrow columns "
                + "comes back as whole sentences instead of broken lines. Each paragraph of the report is joined again before "
                + "it is shown, so a sentence reads on a phone as it was written."),
            .line("What it keeps"),
            .listItem("Bullets that the extractor put alone on their line", number: nil),
            .listItem("Bullets written with their words on the same line, even when one runs on to a second line", number: nil),
            .listItem("Numbered steps as an ordered list", number: 1),
            .listItem("The second step", number: 2),
            .paragraph("A closing paragraph that ends the first page of this short test report."),
        ])
        #expect(TextReflow.blocks(extraction.pages[1]) == [
            .line("Second page"),
            .paragraph("The page markers stay where they were: this text is on the second page of the document and is shown after its marker."),
        ])
    }

    @Test func hardWrappedPlainTextIsJoinedAndAHyphenatedWordMadeWhole() {
        let text = """
            A plain text note wrapped at seventy columns, as mail and READMEs are,
            with a word broken across the line by a hyphen, like the exam-
            ple here, and a sentence that goes on to its end.

            A second paragraph after a blank line, also wrapped at that width so
            that it joins.
            """
        #expect(TextReflow.blocks(text) == [
            .paragraph("A plain text note wrapped at seventy columns, as mail and READMEs are, with a word broken across the "
                + "line by a hyphen, like the example here, and a sentence that goes on to its end."),
            .paragraph("A second paragraph after a blank line, also wrapped at that width so that it joins."),
        ])
    }

    @Test func aParagraphALineIsLeftAsItIs() {
        let text = """
            Roses are red
            Violets are blue
            A line per paragraph, as pasted text often is, which must not be joined to the next one even though it is long.
            - a dash item
            Another one.
            """
        #expect(TextReflow.blocks(text) == [
            .paragraph("Roses are red"), .paragraph("Violets are blue"),
            .paragraph("A line per paragraph, as pasted text often is, which must not be joined to the next one even though it is long."),
            .listItem("a dash item", number: nil), .paragraph("Another one."),
        ])
    }

    @Test(arguments: [
        ("• item", "item"), ("- item", "item"), ("* item", "item"), ("\u{F0B7} item", "item"), ("•", ""),
    ])
    func bullets(line: String, rest: String) throws {
        let marker = try #require(TextReflow.listMarker(line))
        #expect(marker.1 == rest)
        #expect(marker.2 == nil)
    }

    @Test(arguments: ["1.5 million people", "2024. A year", "-5 degrees", "**bold**", "1.3. Section"])
    func notListItems(line: String) {
        #expect(TextReflow.listMarker(line) == nil)
    }
}
