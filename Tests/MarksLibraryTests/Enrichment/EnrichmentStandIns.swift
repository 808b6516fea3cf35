import MarksTestSupport
import Foundation
import MarksClients
import MarksCore
import MarksEngine
import Synchronization
@testable import MarksBookmarks
@testable import MarksFetch

/// An engine that records requests and fails for URLs containing "fail".
final class RecordingEngine: AIEngine {
    private let requests = Mutex([EnrichRequest]())

    var seen: [EnrichRequest] { requests.withLock { $0 } }

    func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult> {
        requests.withLock { $0.append(request) }
        if request.url.contains("fail") { throw EngineError.missingValue(field: "text") }
        let title = request.title ?? "untitled"
        return EngineAnswer(value: EnrichResult(summary: "About \(title).", tags: ["Topic", "stand-in"], engine: "test:model"),
                            engine: "test:model", fallbackReason: "none")
    }

    func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]> {
        EngineAnswer(value: [], engine: "test:model")
    }

    func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]> {
        EngineAnswer(value: [SmartCollection(name: "All Of Them", description: "Everything.", bookmarkIDs: items.map(\.id) + [999_999])],
                     engine: "test:model")
    }
}

/// An engine whose embedding model is not installed: every request fails as the offline engine's does then.
struct ModelMissingEngine: AIEngine {
    func enrichAnswer(_ request: EnrichRequest) async throws -> EngineAnswer<EnrichResult> {
        throw EngineError.embeddingFailed(reason: "The sentence-embedding model (all-MiniLM-L6-v2) is not installed")
    }

    func rankAnswer(query: String, items: [RankItem]) async throws -> EngineAnswer<[RankedID]> {
        throw EngineError.embeddingFailed(reason: "not installed")
    }

    func collectionsAnswer(_ items: [CollectionItem]) async throws -> EngineAnswer<[SmartCollection]> {
        throw EngineError.embeddingFailed(reason: "not installed")
    }
}

extension LibraryFixture {
    /// An enrichment service over this library; pages are read by `readPage`.
    func enrichment(engine: any AIEngine = OfflineEngine(embedder: TestEmbedder()), notes: Bool = false,
                    readPage: @escaping @Sendable (URL) async throws -> PageTextReader.Page = { _ in throw FetchError.timeout(seconds: 1) })
        -> EnrichmentService {
        EnrichmentService(library: library, engine: engine,
                          status: EngineStatus(kind: .offline, name: "offline", healthy: true, detail: "test"),
                          readPage: readPage, writeSummaryToNotes: notes)
    }
}
