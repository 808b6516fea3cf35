import Foundation
import Testing
@testable import MarksCLI

/// `--json` commands answer in JSON even when they fail, and `marks add --json` reports its enrichment.
@Suite struct JSONErrorTests {
    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not JSON: \(text)")
    }

    @Test func aFailedJSONCommandPrintsTheErrorAsJSONWithTheSameExitCode() async throws {
        let h = try CLIHarness()
        defer { h.cleanUp() }
        #expect(await h.run(["show", "999", "--json"]) == 1)
        let failure = try object(h.stdout)
        #expect((failure["error"] as? String)?.isEmpty == false)
        #expect(h.stderr.hasPrefix("marks: "))

        h.reset()
        #expect(await h.run(["list", "--limit", "many", "--json"]) == 64)
        #expect(try object(h.stdout)["error"] is String)

        h.reset()
        #expect(await h.run(["show", "999"]) == 1)
        #expect(h.stdout.isEmpty) // without --json, errors stay on standard error only
    }

    @Test func addAsJSONWaitsForTheEnrichmentAndSaysWhatBecameOfIt() async throws {
        // No model in this HOME, so the offline engine cannot run: the JSON says so instead of staying silent.
        // The wait is a hang guard: without a model the job fails at once, but a loaded machine can take a while.
        let h = try CLIHarness(environment: ["MARKS_ENRICH_WAIT": "180"])
        defer { h.cleanUp() }
        #expect(await h.run(["add", "https://example.com/json", "--title", "Saved as JSON", "--json"]) == 0)
        let saved = try object(h.stdout)
        #expect(saved["url"] as? String == "https://example.com/json")
        let enrichment = try #require(saved["enrichment"] as? [String: Any], "\(saved)")
        #expect((enrichment["error"] as? String)?.isEmpty == false || enrichment["summary"] is String)
        #expect(h.stderr.contains("warning: no AI summary") || enrichment["summary"] is String)

        h.reset()
        #expect(await h.run(["add", "https://example.com/plain", "--no-enrich", "--json"]) == 0)
        #expect(try object(h.stdout)["enrichment"] == nil)
    }
}
