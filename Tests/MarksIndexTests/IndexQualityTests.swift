import Foundation
@testable import MarksIndex
import SystemSupport
import Testing
import MarksTestSupport

@Suite struct IndexQualityTests {
    @Test func metricsCountRecallAtTenAndReciprocalRank() {
        var metrics = RetrievalMetrics()
        metrics.record(ranked: [5, 1, 2], relevant: 1)          // rank 2
        metrics.record(ranked: [1], relevant: 1)                // rank 1
        metrics.record(ranked: Array(100..<115) + [7], relevant: 7) // rank 16: not in the top 10
        metrics.record(ranked: [], relevant: 3)                 // not found
        #expect(metrics.queries == 4)
        #expect(metrics.recallAt10 == 0.5)
        #expect(abs(metrics.meanReciprocalRank - (0.5 + 1 + 1.0 / 16) / 4) < 1e-12)
        #expect(RetrievalMetrics().recallAt10 == 0 && RetrievalMetrics().meanReciprocalRank == 0)
    }

    @Test func aQuestionWithSeveralRightAnswersCountsItsBestRank() {
        var metrics = RetrievalMetrics()
        metrics.record(ranked: [9, 4, 8, 2], relevant: [2, 4])   // 4 at rank 2
        metrics.record(ranked: [3, 1], relevant: [3, 5])         // 3 first
        metrics.record(ranked: [1, 2, 3, 4, 5, 6], relevant: [6, 7]) // rank 6: not in the top 5
        #expect(metrics.recallAt1 == 1.0 / 3)
        #expect(metrics.recallAt5 == 2.0 / 3)
        #expect(metrics.recallAt10 == 1)
        #expect(abs(metrics.meanReciprocalRank - (0.5 + 1 + 1.0 / 6) / 3) < 1e-12)
    }

    @Test func runsEndToEndOnASmallCorpus() async throws {
        let directory = TemporaryDirectory.reserve(prefix: "marks-quality")
        defer { removeQuietly(directory) }
        let topics = ["volcano eruption lava ash", "merger shares acquisition bid", "crude oil barrel prices",
                      "wheat harvest farmers grain", "satellite launch rocket orbit"]
        for (number, topic) in topics.enumerated() {
            let folder = directory.appendingPathComponent("reuters/\(number % 2 == 0 ? "acq" : "crude")")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let xml = """
                <REUTERS><TEXT><TITLE>STORY \(number) ABOUT \(topic.uppercased())</TITLE><BODY>The lead says \(topic) matters &amp; more.
                    A second paragraph adds detail on \(topic) for readers today.
                    The last paragraph closes the \(topic) story.
                 Reuter</BODY></TEXT></REUTERS>
                """
            try Data(xml.utf8).write(to: folder.appendingPathComponent("reut-\(number).xml"))
        }
        let fortunes = directory.appendingPathComponent("fortunes")
        try FileManager.default.createDirectory(at: fortunes, withIntermediateDirectories: true)
        try Data("""
            A fortune about nothing in particular, with quite enough words to count.
            %
            ##### ### ## #
            %
            Another saying that wanders around the garden path for a while longer.
            """.utf8).write(to: fortunes.appendingPathComponent("misc"))
        let report = try await IndexQuality.measure(evaluationDirectory: directory, scratchDirectory: directory,
                                                    embedder: WordHashEmbedder.embedder(), distractors: 10)
        #expect(report.articles == 5)
        #expect(report.distractors == 2) // the ASCII art is left out
        #expect(report.figures.count == 12)
        #expect(report.figures.allSatisfy { (0...1).contains($0.recallAt10) && (0...1).contains($0.meanReciprocalRank) && $0.queries == 5 })
        #expect(report.totals[.hybrid]?.queries == 20)
        let lines = IndexQuality.format(report)
        #expect(lines.contains { $0.hasPrefix("2nd paragraph") && $0.contains("keyword") })
        #expect(lines.last?.hasPrefix("hybrid vs keyword only:") == true)
    }

    @Test func missingDataSaysHowToGetIt() async throws {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("marks-no-eval-\(UUID().uuidString)")
        await #expect {
            try await IndexQuality.measure(evaluationDirectory: nowhere, scratchDirectory: nowhere, embedder: WordHashEmbedder.embedder())
        } throws: { error in
            (error as? IndexError)?.description.contains("fetch-eval-data.sh") == true
        }
    }

    /// The table the issue asks for, on the real data: hybrid must beat keyword only (500 distractors keep the
    /// debug-build run near a minute; `marks index --evaluate` uses 2,000).
    @Test(.enabled(if: InstalledModel.isInstalled && EvaluationData.isPresent,
                   "needs the model (make model) and the evaluation texts (scripts/fetch-eval-data.sh)"))
    func hybridBeatsKeywordOnTheRealData() async throws {
        let scratch = TemporaryDirectory.reserve(prefix: "marks-quality-real")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { removeQuietly(scratch) }
        let report = try await IndexQuality.measure(evaluationDirectory: EvaluationData.directory, scratchDirectory: scratch,
                                                    embedder: try InstalledModel.embedder(), distractors: 500,
                                                    workers: .modelTests)
        #expect(report.hybridBeatsKeyword, "\(IndexQuality.format(report).joined(separator: "\n"))")
    }
}

enum EvaluationData {
    static var directory: URL {
        let environment = ProcessInfo.processInfo.environment
        let cache = environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".cache")
        return cache.appendingPathComponent("marks/eval")
    }

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("reuters/crude").path)
            && FileManager.default.fileExists(atPath: directory.appendingPathComponent("fortunes/computers").path)
    }
}

extension WorkerPool {
    /// The real model's long batches in these tests (a debug build on shared cores can take a minute for one)
    /// run here, not on the process's shared `compute` pool, where they once held both threads long enough
    /// that other suites' requests timed out behind them.
    static let modelTests = WorkerPool(name: "model-tests", threads: 1, niceness: 10)
}

func removeQuietly(_ url: URL) {
    do {
        try FileManager.default.removeItem(at: url)
    } catch {
        // A leftover temp dir is harmless.
    }
}
