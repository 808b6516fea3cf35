import Foundation
import MarksClients
import MarksCore
import MarksEngine
import Synchronization
@testable import MarksLibrary

/// A deterministic embedder (hashed words), so the offline engine runs without the model file.
struct WordHashEmbedder: TextEmbedder {
    let dimension = 64

    func embed(_ texts: [String]) throws -> [[Float]] {
        texts.map { text in
            var vector = [Float](repeating: 0, count: dimension)
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                vector[Int(hash % UInt64(dimension))] += (hash >> 32) & 1 == 0 ? 1 : -1
            }
            if vector.allSatisfy({ $0 == 0 }) { vector[0] = 1 }
            return vector
        }
    }
}

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

extension LibraryFixture {
    /// An enrichment service over this library; pages are read by `readPage`.
    func enrichment(engine: any AIEngine = OfflineEngine(embedder: WordHashEmbedder()), notes: Bool = false,
                    readPage: @escaping @Sendable (URL) async throws -> PageTextReader.Page = { _ in throw FetchError.timeout(seconds: 1) })
        -> EnrichmentService {
        EnrichmentService(library: library, engine: engine,
                          status: EngineStatus(kind: .offline, name: "offline", healthy: true, detail: "test"),
                          readPage: readPage, writeSummaryToNotes: notes)
    }
}
