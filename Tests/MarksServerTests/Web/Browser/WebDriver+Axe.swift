import Foundation

extension WebDriver {
    /// One rule axe-core found broken on a page: the rule, how bad (`minor`, `moderate`, `serious`, `critical`),
    /// what it asks for, and the CSS selectors of the elements that break it.
    struct AxeViolation: CustomStringConvertible {
        var rule: String
        var impact: String
        var help: String
        var targets: [String]

        /// Serious and critical violations fail the accessibility test.
        var isSerious: Bool { impact == "serious" || impact == "critical" }

        var description: String { "[\(impact)] \(rule): \(help) — \(targets.prefix(5).joined(separator: " | "))" }
    }

    /// Where scripts/fetch-axe.sh puts axe-core: `$MARKS_AXE_JS`, else `$MARKS_AXE_DIR/axe.min.js`, else
    /// `${XDG_CACHE_HOME:-~/.cache}/marks/axe/axe.min.js`.
    static var axeScript: URL {
        let environment = ProcessInfo.processInfo.environment
        if let file = environment["MARKS_AXE_JS"], !file.isEmpty { return URL(fileURLWithPath: file) }
        if let dir = environment["MARKS_AXE_DIR"], !dir.isEmpty { return URL(fileURLWithPath: dir).appendingPathComponent("axe.min.js") }
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("marks/axe/axe.min.js")
    }

    /// Whether axe-core is installed (`make test-deps` or scripts/fetch-axe.sh).
    static var isAxeAvailable: Bool { FileManager.default.isReadableFile(atPath: axeScript.path) }

    /// Runs axe-core on the current page (injecting it first when the page does not have it yet) and returns
    /// every violation. The script is injected through WebDriver, which the page's CSP does not govern.
    ///
    /// axe-core files text whose colour equals its background's (a 1:1 contrast) under "needs review", as text
    /// hidden on purpose; no visible text here is meant to be invisible, so those count as serious violations too.
    func axe() async throws -> [AxeViolation] {
        if try await run("return typeof window.axe") as? String != "object" {
            let source = try String(contentsOf: Self.axeScript, encoding: .utf8)
            _ = try await run(source + "\n;return typeof window.axe")
        }
        _ = try await run("""
            window.__marksAxe = null;
            axe.run(document, { resultTypes: ["violations", "incomplete"] }).then(r => {
              const invisible = r.incomplete.filter(v => v.id === "color-contrast").flatMap(v => v.nodes)
                .filter(n => n.any.some(c => c.data && c.data.messageKey === "equalRatio"));
              const found = r.violations.map(v => ({
                rule: v.id, impact: v.impact || "minor", help: v.help, targets: v.nodes.map(n => n.target.join(" "))
              }));
              if (invisible.length) found.push({ rule: "color-contrast", impact: "serious",
                help: "Text must not have the colour of its background (1:1 contrast)", targets: invisible.map(n => n.target.join(" ")) });
              window.__marksAxe = JSON.stringify(found);
            }, e => { window.__marksAxe = JSON.stringify({ error: String(e) }); });
            """)
        var json = ""
        try await wait("axe-core to finish", timeout: 60) {
            json = try await run("return window.__marksAxe") as? String ?? ""
            return !json.isEmpty
        }
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8))
        if let failure = (parsed as? [String: Any])?["error"] { throw Failure(description: "axe-core failed: \(failure)") }
        return (parsed as? [[String: Any]] ?? []).map { item in
            AxeViolation(rule: item["rule"] as? String ?? "?", impact: item["impact"] as? String ?? "minor",
                         help: item["help"] as? String ?? "", targets: item["targets"] as? [String] ?? [])
        }
    }
}
