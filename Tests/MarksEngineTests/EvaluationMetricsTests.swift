import MarksCore
import Testing
@testable import MarksEngine

@Suite struct EvaluationMetricsTests {
    @Test func adjustedRandIndex() {
        #expect(EvaluationMetrics.adjustedRandIndex(["a", "a", "b", "b"], [1, 1, 2, 2]) == 1)
        #expect(EvaluationMetrics.adjustedRandIndex(["a", "a", "b", "b"], [7, 7, 3, 3]) == 1)
        // A textbook example (Hubert & Arabie): 0.24242…
        let ari = EvaluationMetrics.adjustedRandIndex([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2])
        #expect(abs(ari - 0.242424) < 1e-5)
        #expect(EvaluationMetrics.adjustedRandIndex(["a", "b", "a", "b"], [1, 1, 2, 2]) < 0)
        #expect(EvaluationMetrics.adjustedRandIndex([1], [2]) == 1)
    }

    @Test func rougeOne() {
        let rouge = EvaluationMetrics.rouge1(candidate: "the cat sat on the mat", reference: "the cat was on the mat today")
        #expect(abs(rouge.recall - 5.0 / 7.0) < 1e-9)
        #expect(abs(rouge.precision - 5.0 / 6.0) < 1e-9)
        #expect(rouge.f1 > 0.7 && rouge.f1 < 0.8)
        #expect(EvaluationMetrics.rouge1(candidate: "", reference: "x").f1 == 0)
    }

    @Test func unassignedItemsAreSingletons() {
        let labels = QualityReport.assignments([SmartCollection(name: "A B", description: "x.", bookmarkIDs: [0, 2])], count: 4)
        #expect(labels[0] == labels[2])
        #expect(Set(labels).count == 3)
    }

    @Test func reutersWireCopyBecomesParagraphs() {
        let body = "Diamond Shamrock Corp said that\neffective today it had cut prices.\n    The reduction brings its\nposted price to 16.00 dlrs.\n Reuter"
        #expect(EvaluationText.paragraphs(body) == ["Diamond Shamrock Corp said that effective today it had cut prices.", "The reduction brings its posted price to 16.00 dlrs."])
        #expect(EvaluationText.decodeXML("&lt;CPML&gt; &amp; &quot;x&quot; &#65;") == "<CPML> & \"x\" A")
        #expect(EvaluationText.fortunes(in: "one\n%\n\n%\ntwo\nlines\n%") == ["one", "two\nlines"])
    }

    @Test func findingCorpusLinesTitlesAndQuestionsParse() throws {
        let line = "chrony\tnet\tuse::timekeeping,role::program\tVersatile implementation of the Network Time Protocol\tIt consists of two programs.\\nchronyd: a daemon."
        let package = try #require(EvaluationText.debianPackage(line))
        #expect(package.name == "chrony" && package.section == "net" && package.debtags == ["use::timekeeping", "role::program"])
        #expect(package.summary == "Versatile implementation of the Network Time Protocol")
        #expect(package.paragraphs == ["It consists of two programs.", "chronyd: a daemon."])
        #expect(EvaluationText.debianPackage("chrony\tnet") == nil)
        #expect(EvaluationText.htmlTitle("<html><head><title>csv &#8212; CSV File Reading &amp; Writing &#8212; Python 3.11.2 documentation</title>",
                                         droppingAfter: " \u{2014} Python") == "csv \u{2014} CSV File Reading & Writing")
        #expect(EvaluationText.htmlTitle("<p>no title</p>") == nil)
        let questions = try FindingQuestion.parse(jsonLines: """
            {"id": "d-1", "kind": "function", "question": "keep my clock right", "expected": ["chrony", "ntp"]}

            {"id": "d-2", "kind": "unanswerable", "question": "banana bread", "expected": []}
            """)
        #expect(questions.map(\.id) == ["d-1", "d-2"] && questions.map(\.isAnswerable) == [true, false])
        #expect(throws: DecodingError.self) { try FindingQuestion.parse(jsonLines: "{\"id\": 1}") }
    }

    @Test func evaluationDataLivesInTheCacheDirectory() {
        #expect(QualityReport.evaluationDirectory(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]).path == "/c/marks/eval")
        #expect(QualityReport.evaluationDirectory(environment: ["XDG_CACHE_HOME": "", "HOME": "/h"]).path == "/h/.cache/marks/eval")
    }

    @Test func theEvaluationVocabularyHasOneHundredDistinctTags() {
        #expect(EvaluationVocabulary.tags.count == 100)
        #expect(Set(EvaluationVocabulary.tags).count == 100)
    }
}
