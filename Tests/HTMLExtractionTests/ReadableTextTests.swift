import Foundation
import Testing
@testable import HTMLExtraction

@Suite struct ReadableTextTests {
    @Test func newsArticleKeepsOnlyTheStory() throws {
        let readable = try HTMLDocument(html: Fixture.data("news-article.html")).readableText()
        #expect(readable.title == "Harbour town opens a floating library")
        #expect(readable.paragraphs == [
            "The old car ferry that once carried tractors between the islands has a new cargo: eleven thousand books, a reading room and a children's corner painted the colour of sea glass.",
            "Volunteers spent two winters stripping the vehicle deck, fitting shelves that tilt back slightly so that nothing falls when the swell picks up, and wiring a small solar array to the wheelhouse roof.",
            "Three islands, one card",
            "Readers on all three islands can now borrow with a single card, and the ferry calls at each harbour twice a week, weather permitting. \"People used to wait a month for an inter-library loan,\" said the librarian, Ines Farrow. \"Now they wait for Tuesday.\"",
            "Tuesday: North Quay, from nine until noon.",
            "Thursday: Gull Island jetty, all afternoon.",
            "The council has promised to keep the service running for at least five years, and a fund raised from local businesses will pay for new books each spring.",
        ])
        #expect(readable.text == readable.paragraphs.joined(separator: "\n\n"))
        #expect(readable.wordCount == readable.text.split(whereSeparator: \.isWhitespace).count)
        #expect(readable.language == "en-GB")
        for furniture in ["cookie", "Subscribe", "Comments", "wonderful idea", "Most read", "Share on", "Advertisement", "©", "Related"] {
            #expect(!readable.text.contains(furniture), "\(furniture) leaked into the article")
        }
    }

    @Test func blogPostWithoutArticleTagUsesScoring() throws {
        let readable = try HTMLDocument(html: Fixture.data("blog-post.html")).readableText()
        #expect(readable.title == "Notes on Slow Bread")
        #expect(readable.paragraphs.count == 3)
        #expect(readable.paragraphs.first?.hasPrefix("A loaf that takes three days") == true)
        #expect(readable.paragraphs.last?.hasSuffix("or a friend's post.") == true)
        #expect(!readable.text.contains("Toggle theme"))
        #expect(readable.language == "de")
    }

    @Test func divLayoutPicksTheDensestBlock() throws {
        let readable = try HTMLDocument(html: Fixture.data("div-layout.html")).readableText()
        #expect(readable.title == "Tide tables, explained")
        #expect(readable.paragraphs.count == 4)
        #expect(readable.paragraphs.first?.hasPrefix("Tides rise and fall") == true)
        #expect(readable.paragraphs.last?.hasPrefix("Neap tides") == true)
        #expect(!readable.text.contains("Home"))
        #expect(!readable.text.contains("Copyright"))
    }

    @Test func siblingParagraphsOutsideTheTopCandidateAreKept() throws {
        let sentence = "This paragraph is long enough to count, with a comma, another comma, and a third one as well."
        let html = """
        <body><div id="a"><div class="part"><p>\(sentence)</p><p>\(sentence) One.</p><p>\(sentence) Two.</p></div>
        <div class="part"><p>\(sentence) Three.</p><p>\(sentence) Four.</p></div>
        <p>A short closing line.</p><p><a href="/x">a lonely link paragraph that is mostly a link</a></p></div></body>
        """
        let readable = try HTMLDocument(html: html).readableText()
        #expect(readable.paragraphs.count == 6)
        #expect(readable.paragraphs.last == "A short closing line.")
    }

    @Test func titleDropsSiteNameAndLeadingRepeat() throws {
        let html = """
        <title>Why gulls steal chips – Shore Notes</title><meta property="og:site_name" content="Shore Notes">
        <article><h2>Why gulls steal chips</h2><p>\(String(repeating: "Gulls learn quickly where food is found, and people are easy. ", count: 6))</p></article>
        """
        let readable = try HTMLDocument(html: html).readableText()
        #expect(readable.title == "Why gulls steal chips")
        #expect(readable.paragraphs.count == 1)
        #expect(try #require(readable.paragraphs.first).hasPrefix("Gulls learn quickly"))
    }

    @Test func articlePreferredOverBusierPage() throws {
        let filler = String(repeating: "Sidebar-ish text without any class, quite long, with commas, and more. ", count: 10)
        let story = String(repeating: "The story itself is here and it is the real content. ", count: 8)
        let html = "<body><div><p>\(filler)</p></div><article><p>\(story)</p></article></body>"
        let readable = try HTMLDocument(html: html).readableText()
        #expect(readable.paragraphs == [story.trimmingCharacters(in: .whitespaces)])
    }

    @Test func wordPressStylePost() throws {
        let page = try HTMLDocument(html: Fixture.data("wordpress-post.html"), url: URL(string: "https://threadbare.example/2024/05/mending/"))
        let readable = page.readableText()
        #expect(readable.title == "Mending a wool jumper")
        #expect(readable.paragraphs == [
            "Moths found my favourite jumper in March, and left three holes along the left sleeve, each about the size of a fingernail.",
            "Darning is slower than patching, but it keeps the knit flexible; a patch stiffens the sleeve and pulls when you bend your elbow.",
            "What you need",
            "A darning mushroom, or an old light bulb.",
            "Wool in a close colour, slightly thinner than the jumper's yarn.",
            "A blunt tapestry needle.",
            "Work a running stitch around the hole first, then weave across it, over and under, until the gap is filled with a tight little square of cloth.",
        ])
        #expect(page.metadata.faviconURLs.map(\.lastPathComponent) == ["cropped-icon-192x192.png", "cropped-icon-180x180.png", "cropped-icon-32x32.png"])
    }

    @Test func commentsMarkedUpAsArticlesAreDropped() throws {
        let story = String(repeating: "The real story, told in full sentences. ", count: 8)
        let comment = String(repeating: "A reader's long reply, which rambles on and on. ", count: 12)
        let html = """
        <main><article class="post"><p>\(story)</p></article>
        <section><article class="comment"><p>\(comment)</p></article><article id="comment-2"><p>\(comment)</p></article></section></main>
        """
        let readable = try HTMLDocument(html: html).readableText()
        #expect(readable.paragraphs == [story.trimmingCharacters(in: .whitespaces)])
    }

    @Test func linkAndHeadingTextKeepsWordsApart() throws {
        let page = try HTMLDocument(html: "<h1><span>Two</span><div>Lines</div></h1><a href='https://example.com/'><div>Card</div><div>title</div></a>")
        #expect(page.anchors.first?.text == "Card title")
        #expect(page.readableText().title == "Two Lines")
    }

    @Test func wrapperWithFurnitureClassFallsBackToTagRules() throws {
        let story = String(repeating: "Words that matter, and more words that matter. ", count: 10)
        let html = "<body><div class='has-sidebar'><div class='menu-open'><p>\(story)</p></div></div><nav>Menu</nav></body>"
        let readable = try HTMLDocument(html: html).readableText()
        #expect(readable.paragraphs == [story.trimmingCharacters(in: .whitespaces)])
        #expect(!readable.text.contains("Menu"))
    }

    @Test(arguments: [
        ("nav main-nav", true), ("site-sidebar", true), ("comment-list", true), ("cookie-notice", true),
        ("newsletterBox", true), ("ad-slot", true), ("share-buttons", true), ("post-content", false),
        ("entry-content has-sidebar", false), ("header", true), ("shadow", false), ("read-more", false),
        ("gdpr-consent", true), ("sr-only", true), ("post-comments content", true),
    ])
    func classNamesAreClassified(names: String, isFurniture: Bool) {
        #expect(BoilerplateClassifier.matches(names) == isFurniture)
    }
}

@Suite struct HTML5InHeadTests {
    /// libxml2 2.9 does not know HTML5 elements: after a `<meta>`, `<nav>` and `<main>` stay inside
    /// `<head>`. Their text must still be found.
    @Test func html5ElementsLeftInHeadAreStillRead() throws {
        let story = String(repeating: "A sentence in the main element, with a comma. ", count: 8)
        let page = try HTMLDocument(html: "<meta charset=utf-8><title>T</title><nav>Menu link</nav><main><p>\(story)</p></main><p>after</p>")
        #expect(page.visibleText == "Menu link\n\(story.trimmingCharacters(in: .whitespaces))\nafter")
        #expect(page.readableText().paragraphs == [story.trimmingCharacters(in: .whitespaces)])
    }
}
