import Foundation
@testable import MarksEngine

/// The handmade fixtures under Tests/MarksEngineTests/Fixtures.
enum Fixtures {
    struct Bookmark: Decodable {
        let id: Int
        let title: String
        let domain: String
        let summary: String
        let topic: String
    }

    enum Missing: Error { case file(String) }

    static func text(_ name: String) throws -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else { throw Missing.file(name) }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// 32 bookmarks in four topics (rust, baking, astronomy, finance), interleaved.
    static func bookmarks() throws -> [Bookmark] {
        guard let url = Bundle.module.url(forResource: "bookmarks", withExtension: "json", subdirectory: "Fixtures") else { throw Missing.file("bookmarks.json") }
        return try JSONDecoder().decode([Bookmark].self, from: Data(contentsOf: url))
    }

    /// The evaluation data `scripts/fetch-eval-data.sh` downloads, when present.
    static let evaluationDirectory = QualityReport.evaluationDirectory(environment: ProcessInfo.processInfo.environment)

    static var reutersDirectory: URL { evaluationDirectory.appendingPathComponent("reuters") }
    static var fortunesDirectory: URL { evaluationDirectory.appendingPathComponent("fortunes") }

    /// True when the Reuters and fortune texts are on disk.
    static var hasEvaluationData: Bool {
        FileManager.default.fileExists(atPath: reutersDirectory.appendingPathComponent("crude").path)
            && FileManager.default.fileExists(atPath: reutersDirectory.appendingPathComponent("acq").path)
            && FileManager.default.fileExists(atPath: fortunesDirectory.appendingPathComponent("computers").path)
    }
}
