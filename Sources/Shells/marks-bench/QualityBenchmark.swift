import Foundation

/// `make bench` section `quality` (issues 11 and 14): the offline quality figures of `marks quality`, run as the
/// user would — collections, tags, summaries, tag suggestions against the keyword baseline, and Ask offline and,
/// when the config's `ai` section names a provider, with it — with their targets.
enum QualityBenchmark {
    static func run() async throws -> [String] {
        let marks = BenchSupport.binDirectory.appendingPathComponent("marks").path
        let lines = try BenchSupport.run(marks, ["quality"]).split(separator: "\n").map(String.init)
        guard lines.contains(where: { $0.hasPrefix("Ask (") }) else {
            throw BenchSupport.Failure(description: "marks quality printed no Ask figures (is the model installed? make model): "
                                       + lines.joined(separator: " / "))
        }
        return lines
    }
}
