import MarksTestSupport
import Testing
@testable import MarksEngine

@Suite struct CollectionBuilderTests {
    /// Three clear topics in the test embedder's bag-of-words space, interleaved.
    static let items: [CollectionItem] = {
        let topics = [
            ("sourdough bread flour starter", "baking"),
            ("galaxy telescope planet orbit", "astronomy"),
            ("rust compiler ownership borrow", "rust"),
        ]
        return (0..<24).map { index in
            let (words, tag) = topics[index % 3]
            let variant = ["guide", "notes", "tips", "basics", "deep dive", "tutorial", "primer", "review"][index / 3]
            return CollectionItem(id: 100 + index, title: "\(words) \(variant)", domain: "\(tag).example", summary: words, tags: [tag])
        }
    }()

    @Test func groupsClearTopicsAndNamesThem() throws {
        let builder = CollectionBuilder(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache())
        let collections = try builder.collections(Self.items)
        #expect(collections.count == 3)
        for collection in collections {
            let topics = Set(collection.bookmarkIDs.map { (($0 - 100) % 3) })
            #expect(topics.count == 1)
            #expect(collection.bookmarkIDs == collection.bookmarkIDs.sorted())
            let words = collection.name.split(separator: " ").filter { $0 != "&" }
            #expect((2...4).contains(words.count), "\(collection.name)")
            #expect(words.allSatisfy { $0.first?.isUppercase == true }, "\(collection.name)")
            #expect(collection.description.hasSuffix("."))
            #expect(collection.description.filter { $0 == "." }.count == 1)
        }
        let names = collections.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(collections.map(\.description).allSatisfy { $0.contains("mostly tagged") })
    }

    @Test func sameInputSameCollections() throws {
        let first = try CollectionBuilder(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache()).collections(Self.items)
        let second = try CollectionBuilder(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache()).collections(Self.items)
        #expect(first == second)
    }

    @Test func everyBookmarkIsInAtMostOneCollectionEvenWithRepeatedIDs() throws {
        let builder = CollectionBuilder(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache())
        let collections = try builder.collections(Self.items + Self.items.prefix(5))
        let ids = collections.flatMap(\.bookmarkIDs)
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids).isSubset(of: Set(Self.items.map(\.id))))
    }

    @Test func tooFewOrIdenticalBookmarksGiveNoCollections() throws {
        let builder = CollectionBuilder(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache())
        #expect(try builder.collections([]).isEmpty)
        #expect(try builder.collections(Array(Self.items.prefix(5))).isEmpty)
        let identical = (1...30).map { CollectionItem(id: $0, title: "Same page", domain: "same.example") }
        #expect(try builder.collections(identical).isEmpty)
    }

    @Test func hostileTextsStillGiveValidCollections() throws {
        let builder = CollectionBuilder(embedder: TestEmbedder(), cache: InMemoryEmbeddingCache())
        let weird = ["", "!!!", "東京 東京 東京", String(repeating: "x", count: 3000), "🙂🙂", "\u{0}\u{1}"]
        let items = (0..<36).map { index in
            CollectionItem(id: index, title: weird[index % weird.count], domain: "", summary: index % 2 == 0 ? nil : weird[(index + 1) % weird.count], tags: index % 3 == 0 ? [] : nil)
        }
        let collections = try builder.collections(items)
        let ids = collections.flatMap(\.bookmarkIDs)
        #expect(Set(ids).count == ids.count)
        #expect(collections.allSatisfy { !$0.name.isEmpty && !$0.description.isEmpty && $0.bookmarkIDs.count >= 3 })
    }
}
