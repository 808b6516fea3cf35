import Foundation

// marks-bench: the benchmarks behind `make bench`. Each section measures Marks and, where the issue asks,
// a baseline in the same run, and prints figures and ratios. `marks-bench [section…]` runs some sections.

let requested = Set(CommandLine.arguments.dropFirst())
let sections: [(name: String, run: () async throws -> [String])] = [
    ("http", HTTPBenchmark.run),
    ("store", { try StoreBenchmark.run() }),
    ("library", LibraryBenchmark.run),
    ("importers", ImportFormatsBenchmark.run),
    ("index", IndexBenchmark.run),
    ("indexing", IndexingBenchmark.run),
    ("size", SizeBenchmark.run),
    ("web", WebBenchmark.run),
    ("pages", WebPagesBenchmark.run),
    ("reader", ReaderBenchmark.run),
    ("engine", EngineBenchmark.run),
    ("backend", BackendBenchmark.run),
    ("shared", SharedDatabaseBenchmark.run),
    ("api", APIBenchmark.run),
    ("fullsync", FullSyncBenchmark.run),
    ("fetch", FetchBenchmark.run),
    ("load", LoadBenchmark.run),
    ("sources", SourcesBenchmark.run),
    ("voices", PiperVoiceBenchmark.run),
    ("podcast", PodcastBenchmark.run),
    ("feed", PodcastFeedBenchmark.run),
    ("ask", AskBenchmark.run),
    ("quality", QualityBenchmark.run),
    ("finding", FindingBenchmark.run),
    ("highlights", HighlightBenchmark.run),
]

var failed = false
// Sections run only when named (they repeat a part of another section in more detail).
let onRequest: Set<String> = ["fullsync"]
for section in sections where requested.isEmpty ? !onRequest.contains(section.name) : requested.contains(section.name) {
    print("== \(section.name)")
    do {
        for line in try await section.run() { print("  " + line) }
    } catch {
        failed = true
        print("  failed: \(error)")
    }
}
exit(failed ? 1 : 0)
