import Foundation
import MarksLibrary
import SystemSupport
import Testing

/// Ask on the real model and the Reuters question set: the targets hold.
@Suite struct AskQualityTests {
    @Test(.enabled(if: InstalledModel.isInstalled && EvaluationData.isPresent,
                   "needs the model (make model) and the evaluation texts (scripts/fetch-eval-data.sh)"))
    func citationsAreRightAndUnanswerableQuestionsAbstain() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("marks-ask-quality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { removeQuietly(scratch) }
        let report = try await AskQuality.measure(evaluationDirectory: EvaluationData.directory, scratchDirectory: scratch,
                                                  embedder: try InstalledModel.embedder(), workers: .modelTests)
        let table = (AskQuality.format(report) + report.details).joined(separator: "\n")
        #expect(report.usedVectors)
        #expect(report.citationPrecision >= 0.9, "\(table)")
        #expect(report.abstention >= 0.8, "\(table)")
        #expect(report.uncitedAnswers == 0, "\(table)")
        #expect(report.recallAt5 >= 0.9, "\(table)")
    }
}
