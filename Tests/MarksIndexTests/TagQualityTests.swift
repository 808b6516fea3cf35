import Foundation
import MarksBookmarks
import SystemSupport
import Testing
import MarksTestSupport

/// Tag suggestions on the real model and Debian's package metadata: at least twice the keyword baseline's
/// precision, and almost nothing outside the vocabulary (issue 14 item 8).
@Suite struct TagQualityTests {
    static var corpusIsPresent: Bool {
        FileManager.default.fileExists(atPath: TagQuality.corpusFile(evaluationDirectory: EvaluationData.directory).path)
    }

    @Test(.enabled(if: InstalledModel.isInstalled && corpusIsPresent,
                   "needs the model (make model) and the Debian package list (scripts/fetch-eval-data.sh)"))
    func precisionIsAtLeastTwiceTheKeywordBaselines() async throws {
        let scratch = TemporaryDirectory.reserve(prefix: "marks-tag-quality")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { removeQuietly(scratch) }
        let figures = try await TagQuality.measure(evaluationDirectory: EvaluationData.directory, scratchDirectory: scratch,
                                                   embedder: try InstalledModel.embedder(), library: 2000, heldOut: 200,
                                                   workers: .modelTests)
        let table = (TagQuality.format(figures) + figures.examples).joined(separator: "\n")
        #expect(figures.suggester.precisionAt5 >= 2 * figures.baseline.precisionAt5, "\(table)")
        #expect(figures.outsideVocabulary <= 0.05, "\(table)")
        #expect(figures.suggester.recall > figures.baseline.recall, "\(table)")
    }
}
