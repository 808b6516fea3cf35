import Testing
@testable import MarksEngine

/// The quality targets on the Debian evaluation texts (skipped when `scripts/fetch-eval-data.sh`
/// has not run, or the model is missing).
@Suite(.enabled(if: Fixtures.hasEvaluationData, "evaluation data missing: run scripts/fetch-eval-data.sh"),
       .enabled(if: ModelFixture.isInstalled, "the embedding model is not installed: run scripts/fetch-model.sh"))
struct QualityTests {
    @Test func meetsTheQualityTargets() throws {
        let figures = try QualityReport.measure(
            reutersDirectory: Fixtures.reutersDirectory, fortunesDirectory: Fixtures.fortunesDirectory, embedder: try ModelFixture.model())
        let report = QualityReport.format(figures).joined(separator: "\n")
        #expect(figures.reutersArticles == 70, "\(report)")
        #expect(figures.reutersARI >= 0.8, "\(report)")
        #expect(figures.taggedPages == 200, "\(report)")
        #expect(figures.newTags.count < 20, "\(report)")
        #expect(figures.vocabularyShare >= 0.9, "\(report)")
        // The lead sentence of a news story is its key sentence: at least 90% of summaries keep it whole.
        #expect(figures.leadKept >= 0.9, "\(report)")
        #expect(figures.rougeRecall >= 0.9, "\(report)")
    }
}
