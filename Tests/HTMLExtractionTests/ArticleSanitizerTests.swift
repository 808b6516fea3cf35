import Foundation
import Testing
@testable import HTMLExtraction

/// The structured reader: structure survives, and only the allow-lists pass (hostile input included).
@Suite struct ArticleSanitizerTests {
    static let page = URL(string: "https://example.com/posts/structured")!  // safe: a fixed literal

    private func article(_ body: String, head: String = "<title>Structured article</title>") throws -> ArticleContent {
        try HTMLDocument(html: "<html><head>\(head)</head><body>\(body)</body></html>", url: Self.page).article()
    }

    /// Every element and attribute name in the tokens.
    private func names(_ content: ArticleContent) -> (elements: Set<String>, attributes: Set<String>) {
        var elements: Set<String> = [], attributes: Set<String> = []
        for case .start(let element, let attrs) in content.tokens {
            elements.insert(element.rawValue)
            for attribute in attrs { attributes.insert(attribute.name.rawValue) }
        }
        return (elements, attributes)
    }

    private func text(_ content: ArticleContent) -> String {
        content.tokens.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
    }

    private static let filler = String(repeating: "This paragraph carries enough words, commas, and sentences to count as article text. ", count: 4)

    static let structured = """
        <article><h1>Structured article</h1><p>\(filler)</p>
        <h2>A section</h2><p>Read <a href="/docs/guide">the guide</a> and <a href="https://other.example/x">another page</a>.</p>
        <ul><li>First point</li><li>Second point</li></ul><ol start="3"><li>Third</li></ol>
        <blockquote><p>A quoted thought, quite long enough to stay.</p></blockquote>
        <pre><code>let x = 1
        print(x)</code></pre>
        <figure><img src="/images/chart.png" alt="A chart" width="640" height="480"><figcaption>The chart</figcaption></figure>
        <table><caption>Numbers</caption><thead><tr><th scope="col">Name</th><th>Value</th></tr></thead>
        <tbody><tr><td colspan="2">Total 42</td></tr></tbody></table>
        <p>\(filler)</p></article>
        """

    @Test func headingsListsLinksImagesCodeQuotesAndTablesSurvive() throws {
        let content = try article(Self.structured)
        let (elements, _) = names(content)
        for element in ["h2", "p", "ul", "ol", "li", "a", "blockquote", "pre", "code", "figure", "img", "figcaption", "table",
                        "caption", "thead", "tbody", "tr", "th", "td"] {
            #expect(elements.contains(element), "\(element) is kept")
        }
        #expect(content.imageCount == 1)
        #expect(content.tokens.contains(.start(.a, [ArticleAttribute(.href, "https://example.com/docs/guide")])))
        #expect(content.tokens.contains(.start(.img, [ArticleAttribute(.src, "https://example.com/images/chart.png"), ArticleAttribute(.alt, "A chart"),
                                                       ArticleAttribute(.width, "640"), ArticleAttribute(.height, "480")])))
        #expect(content.tokens.contains(.start(.ol, [ArticleAttribute(.start, "3")])))
        #expect(content.tokens.contains(.start(.td, [ArticleAttribute(.colspan, "2")])))
        #expect(content.tokens.contains(.start(.th, [ArticleAttribute(.scope, "col")])))
        #expect(text(content).contains("let x = 1\nprint(x)"), "white space inside pre is kept")
        #expect(!text(content).hasPrefix("Structured article"), "the heading that repeats the title is dropped")
        #expect(content.wordCount > 100)
    }

    @Test func everyStartHasItsEnd() throws {
        let content = try article(Self.structured + "<div><p><b><i>unclosed <p>broken <li>markup</div></b>")
        var stack: [ArticleElement] = []
        for token in content.tokens {
            switch token {
            case .start(let element, _): if !element.isVoid { stack.append(element) }
            case .end(let element):
                #expect(stack.popLast() == element)
            case .text: break
            }
        }
        #expect(stack.isEmpty)
    }

    @Test func scriptsStylesSVGFramesFormsAndHandlersNeverPass() throws {
        let hostile = """
            <article><p>\(Self.filler)</p>
            <script>alert(1)</script><style>p{color:red}</style><noscript>nojs</noscript>
            <svg onload="alert(2)"><script>alert(3)</script><text>svg text</text></svg>
            <math><mi>x</mi></math><iframe src="https://evil.example/"></iframe><object data="x.swf"></object><embed src="y">
            <form action="https://evil.example/"><input name="q"><button>Go</button></form>
            <p style="color:red" onclick="alert(4)" class="x" id="y">Styled <span style="position:fixed">words</span> here.</p>
            <p><a href="javascript:alert(5)">js link</a> <a href="data:text/html,<script>alert(6)</script>">data link</a>
            <a href=" JaVaScRiPt:alert(7)">spaced</a> <a href="vbscript:x">vb</a> <a href="mailto:a@b.c">mail</a></p>
            <img src="javascript:alert(8)"><img src="data:image/svg+xml,<svg onload=alert(9)>"><img src="x" onerror="alert(10)">
            <p>\(Self.filler)</p></article>
            """
        let content = try article(hostile)
        let (elements, attributes) = names(content)
        let allowedElements = Set(ArticleElement.allCases.map(\.rawValue))
        #expect(elements.isSubset(of: allowedElements))
        #expect(!elements.contains("script") && !elements.contains("style"))
        #expect(attributes.isSubset(of: ["href", "src", "alt", "title", "width", "height", "colspan", "rowspan", "start", "scope"]))
        let all = text(content)
        for leaked in ["alert", "color:red", "nojs", "svg text"] { #expect(!all.contains(leaked), "\(leaked) is gone") }
        #expect(all.contains("Styled words here."), "text of unwrapped elements stays")
        #expect(all.contains("js link") && all.contains("mail"), "a refused link keeps its text")
        for case .start(_, let attrs) in content.tokens {
            for attribute in attrs where attribute.name == .href || attribute.name == .src {
                #expect(attribute.value.hasPrefix("https://") || attribute.value.hasPrefix("http://"), "\(attribute.value)")
            }
        }
        // `x` resolves to an http(s) URL on the page's site, so it stays; the javascript: and data: images do not.
        #expect(content.imageCount == 1)
    }

    @Test func encodedSchemesAndAHostileBaseDoNotPass() throws {
        let content = try article("""
            <article><p>\(Self.filler)</p>
            <p>These links try tricks with their schemes, inside a paragraph of real text: <a href="&#106;avascript:alert(1)">encoded</a> <a href="java&#x09;script:alert(2)">tabbed</a> <a href="/relative">relative</a>
            <img src="/relative.png" alt=""></p><p>\(Self.filler)</p></article>
            """, head: #"<title>Structured article</title><base href="javascript:alert(3)//">"#)
        for case .start(_, let attrs) in content.tokens {
            for attribute in attrs where attribute.name == .href || attribute.name == .src {
                #expect(attribute.value.hasPrefix("https://") || attribute.value.hasPrefix("http://"), "\(attribute.value)")
            }
        }
        #expect(text(content).contains("encoded") && text(content).contains("tabbed"))
    }

    @Test func lazyImagesUseTheirRealSourceAndTrackersAreDropped() throws {
        let content = try article("""
            <article><p>\(Self.filler)</p><img src="data:image/gif;base64,R0lGOD" data-src="/lazy.jpg" alt="Lazy">
            <img src="/pixel.gif" width="1" height="1"><img src="/sized.png" width="100%" height="auto" alt="">
            <p>\(Self.filler)</p></article>
            """)
        let sources = content.tokens.compactMap { token -> String? in
            guard case .start(.img, let attrs) = token else { return nil }
            return attrs.first { $0.name == .src }?.value
        }
        #expect(sources == ["https://example.com/lazy.jpg", "https://example.com/sized.png"])
        #expect(!content.tokens.contains { if case .start(.img, let attrs) = $0 { attrs.contains { $0.name == .width } && attrs.contains { $0.value == "100%" } } else { false } })
    }

    @Test func furnitureAndLinkListsAreLeftOut() throws {
        let content = try article("""
            <article><p>\(Self.filler)</p><p>Share this</p>
            <ul><li><a href="/a">Related one</a></li><li><a href="/b">Related two</a></li></ul>
            <p>\(Self.filler)</p></article>
            """)
        #expect(!text(content).contains("Share this"))
        #expect(!text(content).contains("Related one"))
    }

    @Test func deepNestingIsCappedAndDoesNotExhaustTheStack() throws {
        let depth = 200_000
        let html = "<article><p>\(Self.filler)</p>" + String(repeating: "<blockquote><b>", count: depth) + "deep words"
            + String(repeating: "</b></blockquote>", count: depth) + "<p>\(Self.filler)</p></article>"
        #expect(html.utf8.count > 1_000_000)
        let content = try article(html)
        var open = 0, deepest = 0
        for token in content.tokens {
            switch token {
            case .start(let element, _): if !element.isVoid { open += 1; deepest = max(deepest, open) }
            case .end: open -= 1
            case .text: break
            }
        }
        #expect(deepest <= ArticleSanitizer.maximumDepth)
        #expect(open == 0)
    }

    @Test func aMegabyteOfUnclosedElementsStaysBalanced() throws {
        let html = "<article><p>\(Self.filler)</p>" + String(repeating: "<div><span><em>x", count: 70_000) + "</article>"
        #expect(html.utf8.count > 1_000_000)
        let content = try article(html)
        var open = 0
        for token in content.tokens {
            if case .start(let element, _) = token, !element.isVoid { open += 1 }
            if case .end = token { open -= 1 }
        }
        #expect(open == 0)
    }
}
