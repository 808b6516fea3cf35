import Foundation
import HTTPServer
import Testing
@testable import MarksServer

/// The shell through the responder: every page carries the seven tabs plus Settings (with icons and labels),
/// the phone bar's five slots and More, the lit tab, the persistent region outside `#main`; the tabs not
/// built yet open honest placeholders; the theme lives in Settings (no toggle in the header, `/theme` still works).
@Suite struct WebShellTests {
    static func tabs(_ page: String) -> [String] {
        page.components(separatedBy: "<li class=\"").dropFirst().compactMap { item in
            guard let range = item.range(of: #"data-tab="[a-z]+""#, options: .regularExpression) else { return nil }
            return String(item[range].dropFirst(10).dropLast())
        }
    }

    @Test func everyPageCarriesTheWholeShell() async throws {
        let web = try await WebHarness.make(seed: 3)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        for path in ["/", "/search", "/tags", "/collections", "/settings", "/add", "/bookmarks/2", "/more", "/podcasts"] {
            let page = WebClient.text(try await client.get(path))
            #expect(Self.tabs(page) == ["bookmarks", "search", "ask", "tags", "podcasts", "sources", "collections", "highlights", "settings", "more"], "\(path)")
            #expect(page.contains("<nav aria-label=\"Sections\" id=\"tabbar\">"), "\(path)")
            #expect(page.contains("<main id=\"main\" tabindex=\"-1\">"), "\(path)")
            #expect(page.contains("<div id=\"persistent\" class=\"persistent\" data-persistent data-player=\"\(WebAssets.shared.player.path)\"></div>"),
                    "\(path): outside main, naming the player script it loads when there is something to play")
            #expect(page.range(of: "</main>")?.lowerBound ?? page.endIndex < page.range(of: "id=\"persistent\"")?.lowerBound ?? page.startIndex)
            #expect(!page.contains("id=\"theme-toggle\""), "\(path): the theme is chosen in Settings")
            #expect(page.components(separatedBy: "<svg class=\"icon\"").count - 1 >= 10, "\(path): an icon per tab and for Add")
        }
    }

    @Test(arguments: [("/", "bookmarks", nil), ("/search", "search", nil), ("/tags", "tags", "more"), ("/collections", "collections", "more"),
                      ("/settings", "settings", "more"), ("/podcasts", "podcasts", nil), ("/ask", "ask", nil), ("/sources", "sources", "more"),
                      ("/more", nil, "more"), ("/add", nil, "more")] as [(String, String?, String?)])
    func theCurrentTabIsLitInBothBars(path: String, sidebar: String?, phone: String?) async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get(path))
        let lit = Self.litTabs(page)
        let expected = [sidebar, phone, path == "/add" ? "add" : nil].compactMap { $0 }
        #expect(lit.sorted() == expected.sorted(), "\(path): \(lit)")
    }

    /// The `data-tab` of every link marked `aria-current="page"`.
    static func litTabs(_ page: String) -> [String] {
        var lit: [String] = []
        var rest = page[...]
        while let tag = rest.range(of: #"<a [^>]*aria-current="page"[^>]*>"#, options: .regularExpression) {
            let markup = rest[tag]
            if let name = markup.range(of: #"data-tab="[a-z]+""#, options: .regularExpression) {
                lit.append(String(markup[name].dropFirst(10).dropLast()))
            }
            rest = rest[tag.upperBound...]
        }
        return lit
    }

    @Test(arguments: [("/podcasts", "Podcasts arrive in a later version of Marks")])
    func placeholdersSayPlainlyTheyAreNotBuilt(path: String, text: String) async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get(path)
        #expect(response.status == 200)
        let page = WebClient.text(response)
        #expect(page.contains("<h2>Not built yet</h2>"))
        #expect(page.contains(text))
        #expect(page.contains("Nothing here works yet."))
        #expect(!page.contains("class=\"row"), "no sample content")
    }

    @Test func morePageListsWhatThePhoneBarHasNoSlotFor() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.get("/more"))
        for path in ["/tags", "/sources", "/collections", "/settings", "/add"] {
            #expect(page.contains("<li><a href=\"\(path)\"><svg"), "\(path)")
        }
        #expect(Set(WebTab.phoneBar).union(WebTab.moreTabs).isSuperset(of: WebTab.sidebar), "every tab is reachable on a phone")
        #expect(WebTab.phoneBar.count == 5)
        // The page has one list for both bars and no CSS reordering: Tab must move through the phone bar as it looks.
        #expect(WebTab.sidebar.filter(WebTab.phoneBar.contains) + [.more] == WebTab.phoneBar, "the phone bar's order is the page's")
    }

    @Test func signedOutPagesHaveNoShell() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        let page = WebClient.text(try await client.get("/signin"))
        #expect(!page.contains("id=\"tabbar\"") && !page.contains("id=\"persistent\""))
        #expect(try await client.get("/podcasts").status == 303, "placeholders need a session like every page")
    }

    @Test func problemsCarryAnIconBesideTheirText() {
        let html = HTML.problem("The server refused the token.").description
        #expect(html.hasPrefix("<p class=\"notice problem\" role=\"alert\"><svg class=\"icon\""))
        #expect(html.contains("aria-hidden=\"true\""))
        #expect(html.hasSuffix("<span>The server refused the token.</span></p>"))
    }
}
