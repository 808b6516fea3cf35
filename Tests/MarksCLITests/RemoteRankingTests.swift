import MarksTestSupport
import Foundation
import Testing

/// `marks search --semantic` with `backend_url` set ranks through a real `marks serve`'s `/v1/marks/search`.
@Suite struct RemoteRankingTests {
    static var modelInstalled: Bool {
        let env = ProcessInfo.processInfo.environment
        let cache = env["XDG_CACHE_HOME"] ?? ((env["HOME"] ?? "/root") + "/.cache")
        let directory = env["MARKS_MODEL_DIR"] ?? cache + "/marks/models/all-MiniLM-L6-v2"
        return FileManager.default.fileExists(atPath: directory + "/model.safetensors")
    }

    @Test(.enabled(if: modelInstalled, "the embedding model is not installed: run scripts/fetch-model.sh"))
    func semanticSearchIsRankedByTheRemoteBackend() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        // The backend's model comes from the real cache dir; the client keeps its own temp dirs.
        let model = ["MARKS_MODEL_DIR": (ProcessInfo.processInfo.environment["MARKS_MODEL_DIR"]
            ?? (ProcessInfo.processInfo.environment["HOME"] ?? "/root") + "/.cache/marks/models/all-MiniLM-L6-v2")]
        var environment = marks.environment.merging(model) { $1 }
        let server = try RunningProcess(MarksBinary.executable, ["serve", "--port", "0", "--data", marks.home.appendingPathComponent("server").path],
                                        environment: environment)
        let text = await server.output(containing: "\n")
        let url = try #require(text.range(of: #"http://127\.0\.0\.1:\d+"#, options: .regularExpression).map { String(text[$0]) })
        for (path, title) in [("a", "Baking sourdough bread at home"), ("b", "Kubernetes cluster autoscaling"), ("c", "Marathon training plan")] {
            #expect(try await marks.run(["add", "https://example.com/\(path)", "--title", title, "--no-enrich"]).code == 0)
        }
        environment = ["MARKS_BACKEND_URL": url].merging(model) { $1 }
        let result = try await marks.run(["search", "--semantic", "how to make loaves", "--json"], extraEnvironment: environment)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""ranked_by":"\#(url)""#))
        let first = try #require(result.stdout.range(of: #""title":""#).map { result.stdout[$0.upperBound...].prefix(30) })
        #expect(first.hasPrefix("Baking sourdough"))
        #expect(FileManager.default.fileExists(atPath: marks.home.appendingPathComponent("data/marks/backend-device.json").path))
        _ = await server.stop()
    }
}
