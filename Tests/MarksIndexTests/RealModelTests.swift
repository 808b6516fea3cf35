import Foundation
import MarksIndex
import Testing

/// The index with the real all-MiniLM-L6-v2 model (skipped, with a reason, when `make model` has not run).
@Suite(.enabled(if: InstalledModel.isInstalled, "the embedding model is not installed: run `make model` (scripts/fetch-model.sh)"))
struct RealModelTests {
    @Test func semanticSearchFindsMeaningWithoutSharedWords() async throws {
        let fixture = try IndexFixture(dimension: 384)
        try fixture.index.upsert([
            bookmark(1, "Sourdough starter: feeding and baking a crusty loaf"),
            bookmark(2, "Upgrading a Kubernetes cluster without downtime"),
            bookmark(3, "Training for your first marathon"),
            bookmark(4, "Tax deductions for freelancers"),
        ])
        let embedder = LazyEmbedder { try InstalledModel.embedder() }
        try await VectorIndexer(index: fixture.index, embedder: { try embedder.get() }).run()
        let service = SearchService(index: fixture.index, embedder: embedder)
        let cases: [(String, Int)] = [("how do I make bread at home", 1), ("container orchestration maintenance", 2),
                                      ("long distance running plan", 3), ("self-employed income paperwork", 4)]
        for (query, expected) in cases {
            let results = try await service.search(SearchRequest(text: query, mode: .semantic, limit: 4))
            #expect(results.first?.document.id == expected, "\(query)")
        }
    }
}

@Suite struct ModelMissingTests {
    @Test func aMissingModelSaysHowToGetIt() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("no-model-\(UUID().uuidString)")
        #expect {
            try IndexEmbedder.installed(environment: ["MARKS_MODEL_DIR": empty.path, "HOME": empty.path])
        } throws: { error in
            guard case IndexError.modelMissing(let message) = error else { return false }
            return message.contains("make model") && message.contains("keyword search still works")
        }
    }
}
