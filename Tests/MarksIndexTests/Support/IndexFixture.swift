import MarksTestSupport
import Foundation
import Synchronization
import MarksCore
import MarksIndex
import SentenceEmbeddings

/// A fresh index in a temp dir per test (real SQLite file), removed afterwards.
final class IndexFixture {
    let directory: URL
    let index: SearchIndex

    var path: String { directory.appendingPathComponent("marks.sqlite").path }

    init(dimension: Int = WordHashEmbedder.dimension) throws {
        directory = TemporaryDirectory.reserve(prefix: "marks-index-tests")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        index = try SearchIndex(path: directory.appendingPathComponent("marks.sqlite").path, dimension: dimension)
    }

    /// Another handle on the same file, as another process would open it.
    func reopen() throws -> SearchIndex {
        try SearchIndex(path: path, dimension: index.dimension)
    }

    deinit {
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            // A leftover temp dir is harmless.
        }
    }
}

/// Bookmarks for tests, ids given explicitly.
func bookmark(_ id: Int, _ title: String, description: String = "", notes: String = "", tags: [String] = [],
              url: String? = nil, unread: Bool = false, archived: Bool = false, aiSummary: String? = nil,
              aiTags: [String] = []) -> Bookmark {
    Bookmark(id: id, url: url ?? "https://example.org/\(id)", title: title, description: description, notes: notes,
             isArchived: archived, unread: unread, tagNames: tags, dateAdded: Date(timeIntervalSince1970: Double(1_700_000_000 + id)),
             dateModified: Date(timeIntervalSince1970: 1_700_000_000), aiSummary: aiSummary, aiTags: aiTags)
}

/// The tests' one deterministic embedder (MarksTestSupport) as the index's embedder, 64 numbers per text.
enum WordHashEmbedder {
    static let dimension = 64
    private static let shared = TestEmbedder(dimension: dimension)

    static func vector(_ text: String) -> [Float] { shared.vector(text) }

    static func embedder(counter: EmbedCounter? = nil) -> IndexEmbedder {
        IndexEmbedder(dimension: dimension) { texts in
            counter?.add(texts)
            return texts.map(vector)
        }
    }
}

/// Records which texts an embedder was asked for.
final class EmbedCounter: Sendable {
    private let texts = Mutex<[String]>([])
    func add(_ more: [String]) { texts.withLock { $0 += more } }
    var all: [String] { texts.withLock { $0 } }
}

/// The installed model, loaded once for the whole run, or nil when it is not installed (model tests skip).
enum InstalledModel {
    static let directory: URL? = ModelLocator().locate()
    static var isInstalled: Bool { directory != nil }
    static let loaded: Result<EmbeddingModel, Error>? = directory.map { directory in
        Result { try EmbeddingModel.load(directory: directory) }
    }

    static func embedder() throws -> IndexEmbedder {
        guard let loaded else { throw IndexError.modelMissing(message: ModelLocator().missingModelMessage) }
        return .model(try loaded.get())
    }
}
