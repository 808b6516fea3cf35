import Foundation
import MarksTestSupport
import Testing

/// `marks ask` through the real binary on a fresh data directory (the embedded store; words only unless the
/// model is installed where the binary looks): an answer with its citations, JSON, "not found", a bad question.
@Suite struct AskCommandTests {
    @Test func answersWithCitationsAndSaysWhenTheLibraryDoesNotKnow() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        for (path, title, description) in [
            ("bread", "Sourdough at home", "Let the dough rise overnight in the fridge, then bake it in a hot dutch oven."),
            ("k8s", "Cluster autoscaling", "The autoscaler adds nodes when pods cannot be scheduled."),
            ("run", "Marathon training", "Run long and slow on Sundays, and rest on Mondays."),
        ] {
            let added = try await marks.run(["add", "https://example.com/\(path)", "--title", title, "--description", description, "--no-enrich"])
            #expect(added.code == 0, "\(added.stderr)")
        }
        let answer = try await marks.run(["ask", "How long should the sourdough dough rise in the fridge?"])
        #expect(answer.code == 0, "\(answer.stderr)")
        #expect(answer.stdout.hasPrefix("Let the dough rise overnight in the fridge, then bake it in a hot dutch oven. [1]"), "\(answer.stdout)")
        #expect(answer.stdout.contains("[1] Sourdough at home  https://example.com/bread"))

        let json = try await marks.run(["ask", "--json", "How long should the sourdough dough rise in the fridge?"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["found"] as? Bool == true && object["engine"] as? String == "offline")
        let citations = try #require(object["citations"] as? [[String: Any]])
        #expect(citations.first?["url"] as? String == "https://example.com/bread")
        #expect(citations.first?["kind"] as? String == "bookmark" && citations.first?["number"] as? Int == 1)

        let unknown = try await marks.run(["ask", "How much did Exxon pay for Mobil?"])
        #expect(unknown.code == 0, "\(unknown.stderr)")
        #expect(unknown.stdout.hasPrefix("I couldn't find that in your bookmarks."), "\(unknown.stdout)")

        let empty = try await marks.run(["ask", "?!"])
        #expect(empty.code == 64, "\(empty.stdout) \(empty.stderr)")
        #expect(empty.stderr.contains("ask needs a question"))
    }
}
