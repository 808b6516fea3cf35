import Foundation
import HTTPServer
import MarksCore
import MarksLibrary
import Testing
@testable import MarksServer

/// axe-core (from the `axe-selenium-python` wheel, see scripts/fetch-axe.sh) on every page of the app, in
/// light and dark, at phone and desktop sizes, in headless Chromium against a real server: no serious or
/// critical violation anywhere. Writes a screenshot of each page and `axe-report.txt` (every violation,
/// minor ones too) per size to the screenshot folder.
@Suite struct AccessibilityBrowserTests {
    static let pages: [(name: String, path: String)] = [
        ("list", "/"), ("bookmark", "/bookmarks/5"), ("reader", "/bookmarks/5/read"),
        ("edit", "/bookmarks/5/edit"), ("add", "/add"), ("search", "/search?q=number&scope=all"),
        ("no-results", "/search?q=swfit"), ("tags", "/tags"), ("tag", "/tags/even"), ("collections", "/collections"),
        ("settings", "/settings"), ("podcasts", "/podcasts"), ("sources", "/sources"), ("ask", "/ask"), ("more", "/more"),
        ("not-found", "/bookmarks/9999"),
    ]

    @Test(.enabled(if: WebDriver.isAvailable, "skipped: /usr/bin/chromium and /usr/bin/chromedriver are needed (apt-get install chromium chromium-driver)"),
          .enabled(if: WebDriver.isAxeAvailable, "skipped: axe-core is needed (scripts/fetch-axe.sh, run by make test-deps)"),
          .timeLimit(.minutes(10)),
          arguments: [("desktop", 1100, 900), ("phone", 390, 844)])  // two cases, two browsers: they run side by side
    func everyPageHasNoSeriousViolation(size: String, width: Int, height: Int) async throws {
        let web = try await WebHarness.make(
            prepare: { source in
                try await source.seed(40, tags: { ($0 % 2 == 0 ? ["even"] : []) + ($0 % 5 == 0 ? ["five"] : []) }, unread: { $0 % 3 == 0 })
            },
            reader: { url in
                ReadableArticle(url: url, title: "An article", paragraphs: ["The first paragraph of the article.", "The second one."], wordCount: 920)
            })
        defer { web.cleanUp() }
        let folder = Screenshots.folder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var report: [String] = []
        var serious: [String] = []
        try await WebDriver.serving(web) { browser, base in
            try await browser.resize(width: width, height: height)
            // The harness itself: a page with an image without alt text must fail.
            try await browser.open(base + "/signin")
            _ = try await browser.run("const i = document.createElement('img'); i.src = '/nothing.png'; document.querySelector('main').appendChild(i)")
            let planted = try await browser.axe()
            #expect(planted.contains { $0.rule == "image-alt" && $0.isSerious }, "axe-core finds a planted violation: \(planted)")
            // Signed out: the sign-in page.
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                try await browser.open(base + "/signin")
                let violations = try await browser.axe()
                report += violations.map { "signin \(scheme) \(size): \($0)" }
                serious += violations.filter(\.isSerious).map { "signin \(scheme) \(size): \($0)" }
                try await browser.screenshot().write(to: folder.appendingPathComponent("a11y-signin-\(scheme)-\(size).png"))
            }
            try await browser.open(try web.auth.signInLink(baseURL: base))
            try await browser.wait("the list") { try await browser.currentURL == base + "/" }
            for scheme in ["light", "dark"] {
                try await browser.emulateColorScheme(scheme)
                for page in Self.pages {
                    try await browser.open(base + page.path)
                    let label = "\(page.name) \(scheme) \(size)"
                    let violations = try await browser.axe()
                    report += violations.map { "\(label): \($0)" }
                    serious += violations.filter(\.isSerious).map { "\(label): \($0)" }
                    try await browser.screenshot().write(to: folder.appendingPathComponent("a11y-\(page.name)-\(scheme)-\(size).png"))
                }
            }
            try await browser.emulateColorScheme("light")
        }
        let text = report.isEmpty ? "axe-core: no violations\n" : report.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("axe-report-\(size).txt"))
        print("axe-core, \(size): \(report.count) violations (\(serious.count) serious or critical); report and screenshots in \(folder.path)")
        #expect(serious.isEmpty, "serious or critical axe-core violations:\n\(serious.joined(separator: "\n"))")
    }
}
