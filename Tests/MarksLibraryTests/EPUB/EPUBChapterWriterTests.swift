import Foundation
import HTMLExtraction
import Testing
@testable import MarksReading

/// The archived article's tokens written as an EPUB chapter's XHTML: well-formed, and within HTML's content models
/// (which `epubcheck` checks), whatever nesting the page had; images only from the book, alt text kept otherwise.
@Suite struct EPUBChapterWriterTests {
    private static func write(_ tokens: [ArticleToken], images: [String: String] = [:]) -> String {
        EPUBChapterWriter.body(tokens, imageSource: { images[$0] })
    }

    @Test func aBlockInsideAParagraphIsUnwrapped() {
        let html = Self.write([.start(.p, []), .text("a"), .start(.div, []), .text("b"), .end(.div), .text("c"), .end(.p)])
        #expect(html == "<p>abc</p>")
    }

    @Test func looseTextInAListGetsAnItemAndRealItemsFollow() {
        let html = Self.write([.start(.ul, []), .start(.li, []), .text("x"), .end(.li), .text("loose"), .start(.li, []), .text("y"),
                               .end(.li), .end(.ul)])
        #expect(html == "<ul><li>x</li><li>loose</li><li>y</li></ul>")
    }

    @Test func cellsOutsideARowGetOneAndStrayEndsAreDropped() {
        let html = Self.write([.start(.table, []), .start(.td, []), .text("1"), .end(.td), .start(.tr, []), .start(.td, []), .text("2"),
                               .end(.td), .end(.tr), .end(.table), .end(.p), .start(.li, []), .text("no list"), .end(.li)])
        #expect(html == "<table><tr><td>1</td></tr><tr><td>2</td></tr></table>no list")
    }

    @Test func imagesComeFromTheBookOrLeaveTheirAltText() {
        let html = Self.write([.start(.p, []),
                               .start(.img, [ArticleAttribute(.src, "https://a.example/x.png"), ArticleAttribute(.alt, "X & Y"), ArticleAttribute(.width, "10")]),
                               .start(.img, [ArticleAttribute(.src, "https://a.example/gone.webp"), ArticleAttribute(.alt, "gone <img>")]),
                               .end(.p)],
                              images: ["https://a.example/x.png": "images/1.png"])
        #expect(html == #"<p><img src="images/1.png" alt="X &amp; Y" width="10"/>gone &lt;img&gt;</p>"#)
    }

    @Test func textIsEscapedAndCharactersXMLCannotHoldAreDropped() {
        let html = Self.write([.start(.p, []), .text("a < b & \u{07}c\u{FFFE} 東京"), .start(.a, [ArticleAttribute(.href, "https://x.example/?a=1&b=\"2\"")]),
                               .start(.a, []), .text("in"), .end(.a), .end(.a), .end(.p), .start(.hr, [])])
        #expect(html == #"<p>a &lt; b &amp; c 東京<a href="https://x.example/?a=1&amp;b=&quot;2&quot;">in</a></p><hr/>"#)
    }

    @Test func aCaptionOnlyFirstAndAFigcaptionUnwrapped() {
        let html = Self.write([.start(.figure, []), .start(.figcaption, []), .text("cap"), .end(.figcaption), .end(.figure),
                               .start(.table, []), .start(.tr, []), .start(.td, []), .text("1"), .end(.td), .end(.tr), .start(.caption, []),
                               .text("late"), .end(.caption), .end(.table)])
        #expect(html == "<figure>cap</figure><table><tr><td>1</td></tr><tr><td>late</td></tr></table>")
    }
}
