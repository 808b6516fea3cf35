import Foundation
import HTTPServer
import MarksCore
import Testing
@testable import MarksServer

@Suite struct WebPagesTests {
    static let pages = ["/", "/?unread=1", "/tags", "/tags/swift", "/search", "/search?q=number", "/search?q=zzz&scope=unread",
                        "/add", "/add?url=https%3A%2F%2Fnew.example%2F&title=T&text=hello", "/settings", "/bookmarks/1",
                        "/bookmarks/1/edit", "/bookmarks/1/read"]

    @Test(arguments: pages)
    func everyPageRendersWithoutScript(path: String) async throws {
        let web = try await WebHarness.make(seed: 5) { source in
            try await source.insert(Bookmark(id: 0, url: "https://swift.org", title: "Swift", tagNames: ["swift"], dateAdded: Date(), dateModified: Date()))
        }
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get(path)
        #expect(response.status == 200)
        let html = WebClient.text(response)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<main id=\"main\""))
        #expect(html.contains("<nav aria-label=\"Sections\""))
        #expect(!html.contains("<script>"), "no inline script")
        #expect(!html.contains(" style=\""), "no style attributes")
        #expect(!html.contains(" onclick="))
        for form in html.components(separatedBy: "<form method=\"post\"").dropFirst() {
            #expect(form.contains("name=\"_csrf\""), "every POST form carries the CSRF token")
        }
    }

    @Test(arguments: ["/", "/signin", "/assets/nothing.css", "/bookmarks/999", "/sw.js", "/manifest.webmanifest", "/nope"])
    func securityHeadersAreOnEveryResponse(path: String) async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get(path)
        let csp = try #require(response.headers["Content-Security-Policy"])
        #expect(csp.contains("script-src 'self'"))
        #expect(csp.contains("style-src 'self'"))
        #expect(csp.contains("frame-ancestors 'none'"))
        #expect(!csp.contains("unsafe-inline"))
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "same-origin")
        #expect(response.headers["X-Frame-Options"] == "DENY")
    }

    @Test func assetsHaveHashedNamesLongCachingAndETags() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        let assets = WebAssets.shared
        for asset in [assets.css, assets.js, assets.icon192, assets.icon512] {
            #expect(asset.path.range(of: #"^/assets/[a-z0-9-]+\.[0-9a-f]{12}\.(css|js|png)$"#, options: .regularExpression) != nil)
            let response = try await client.get(asset.path)
            #expect(response.status == 200)
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(response.headers["Content-Type"] == asset.contentType)
            let again = try await client.get(asset.path, headers: [("If-None-Match", asset.etag)])
            #expect(again.status == 304)
        }
        #expect(try await client.get("/assets/app.000000000000.css").status == 404)
        let png = try await client.get(assets.icon512.path)
        if case .bytes(let data) = png.body { #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) }
    }

    @Test func theManifestIsInstallableAndSharesIntoAdd() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        let response = try await client.get("/manifest.webmanifest")
        #expect(response.status == 200)
        guard case .bytes(let data) = response.body else { Issue.record("no body"); return }
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["display"] as? String == "standalone")
        #expect(manifest["start_url"] as? String == "/")
        let icons = try #require(manifest["icons"] as? [[String: Any]])
        #expect(Set(icons.compactMap { $0["sizes"] as? String }) == ["192x192", "512x512"])
        let share = try #require(manifest["share_target"] as? [String: Any])
        #expect(share["action"] as? String == "/share") // the share flow (ShareService), as marks share
        #expect((share["params"] as? [String: String]) == ["title": "title", "text": "text", "url": "url"])
        #expect(share["enctype"] as? String == "application/x-www-form-urlencoded") // else Chromium warns on every page
    }

    @Test func theServiceWorkerPrecachesTheShell() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        let script = WebClient.text(try await client.get("/sw.js"))
        for path in [WebAssets.shared.css.path, WebAssets.shared.js.path, "/offline"] { #expect(script.contains(path)) }
        #expect(try await client.get("/offline").status == 200)
    }

    @Test func theListPageStaysUnderItsByteBudget() async throws {
        let web = try await WebHarness.make(seed: 120)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let html = try await client.get("/")
        guard case .bytes(let page) = html.body else { Issue.record("no body"); return }
        let total = page.count + WebAssets.shared.css.body.count + WebAssets.shared.js.body.count
        #expect(total <= 100 * 1024, "HTML + CSS + JS of a list page: \(total) bytes")
        let script = String(decoding: WebAssets.shared.js.body, as: UTF8.self)
        #expect(!script.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") },
                "the app script is served without its comment lines")
        #expect(script.contains("function showRow("))
    }

    @Test func themesComeFromTheCookieAndTheToggle() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        #expect(!WebClient.text(try await client.get("/")).contains("data-theme="))
        let response = try await client.post("/theme", [("theme", "dark"), ("return", "/tags")])
        #expect(response.headers["Location"] == "/tags")
        #expect(client.cookies["marks_theme"] == "dark")
        #expect(WebClient.text(try await client.get("/")).contains("<html lang=\"en\" data-theme=\"dark\">"))
        #expect(try await client.post("/theme", [("theme", "purple")]).status == 400)
        #expect(try await client.post("/theme", [("theme", "light"), ("return", "//evil.example")]).headers["Location"] == "/")
    }

    @Test(arguments: ["/bookmarks/abc", "/bookmarks/0", "/bookmarks/-1", "/bookmarks/99999999999999999999999", "/bookmarks/42"])
    func missingBookmarksAreNotFoundPages(path: String) async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get(path)
        #expect(response.status == 404)
        #expect(WebClient.text(response).contains("Back to your bookmarks"))
    }

    @Test(arguments: [true, false])
    func sourceFailuresSayWhatToDo(cached: Bool) async throws {
        let web = try await WebHarness.make(seed: 3, cached: cached)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        _ = try await client.get("/")
        web.source.failLists(with: .unreachable(host: "links.example", reason: "connection refused"))
        for path in ["/", "/tags", "/search?q=x"] {
            let page = WebClient.text(try await client.get(path))
            #expect(page.contains("Cannot reach links.example: connection refused"), "\(path)")
        }
        let list = WebClient.text(try await client.get("/"))
        if cached {
            #expect(list.contains("Showing the copy saved on this computer"))
            #expect(WebListTests.rowIDs(list) == [3, 2, 1])
        } else {
            #expect(list.contains("Bookmarks could not be loaded"))
            #expect(list.contains("Check the connection in <a href=\"/settings\">Settings</a>"))
        }
    }

    @Test func forgedLoadMoreLinksAreRefused() async throws {
        let web = try await WebHarness.make(seed: 1)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let bad = try await client.get("/?next=http%3A%2F%2Flinkding.test%2Fapi%2Fbookmarks%2F%3Foffset%3D1&sig=forged")
        #expect(bad.status == 400)
        #expect(WebClient.text(bad).contains("not made by this server"))
    }
}
