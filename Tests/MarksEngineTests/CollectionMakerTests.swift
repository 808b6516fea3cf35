import Foundation
import MarksCore
import Testing
@testable import MarksEngine

/// Issue 37 item 10: enough collections for the library's size (the old builder made at most 12, and the web made
/// them from the 150 newest bookmarks: two for 10,000), the odds and ends in none, and names checked against the
/// members' titles and tags.
@Suite struct CollectionMakerTests {
    static let topics = ["astronomy", "baking", "chess", "cycling", "docker", "espresso", "fermentation", "gardening",
                         "haskell", "origami", "jazz", "kayaking", "linguistics", "mycology", "nginx", "opera",
                         "pottery", "quilting", "rust", "sailing"]

    /// `perTopic` bookmarks on each topic: a unit vector near the topic's own direction, its title naming the topic.
    static func library(perTopic: Int, dimension: Int = 48) -> (items: [CollectionItem], vectors: [Float]) {
        var generator = SplitMix64(seed: 37)
        func gaussian() -> Float {
            let u = max(1e-12, generator.nextUnit()), v = generator.nextUnit()
            return Float((-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
        }
        let centres = topics.map { _ in Vectors.normalized((0..<dimension).map { _ in gaussian() }) }
        var items: [CollectionItem] = []
        var vectors: [Float] = []
        for index in 0..<(topics.count * perTopic) {
            let topic = index % topics.count
            let noise = (0..<dimension).map { _ in gaussian() * 0.12 }
            vectors += Vectors.normalized(zip(centres[topic], noise).map { $0 + $1 })
            items.append(CollectionItem(id: index + 1, title: "\(topics[topic].capitalized) notes part \(index / topics.count)",
                                        domain: "\(topics[topic]).example", tags: [topics[topic]]))
        }
        return (items, vectors)
    }

    @Test func aLargerLibraryGetsMoreCollectionsEachOnOneTopic() {
        let (items, vectors) = Self.library(perTopic: 40)  // 800 bookmarks, 20 topics
        let collections = CollectionMaker().collections(items, vectors: vectors, dimension: 48)
        #expect(collections.count >= 16, "\(collections.count): \(collections.map(\.name))")
        #expect(collections.count > 12, "more than the old builder's cap")
        for collection in collections {
            let topics = Set(collection.bookmarkIDs.map { ($0 - 1) % Self.topics.count })
            #expect(topics.count == 1, "\(collection.name) mixes topics \(topics)")
            let topic = Self.topics[topics.first ?? 0]
            #expect(collection.name.lowercased().contains(topic), "\(collection.name) is about \(topic)")
        }
        let ids = collections.flatMap(\.bookmarkIDs)
        #expect(Set(ids).count == ids.count, "a bookmark is in at most one collection")
        #expect(Set(collections.map(\.name)).count == collections.count, "names are unique")
        #expect(CollectionMaker().collections(items, vectors: vectors, dimension: 48) == collections, "deterministic")
    }

    @Test func theClusterCountGrowsWithTheLibrary() {
        let clustering = CollectionClustering()
        #expect(clustering.clusterCount(1_000) == 22)
        #expect(clustering.clusterCount(10_000) == 71)
        #expect(clustering.clusterCount(100_000) == 150)
        #expect(clustering.smallestSize(10_000) == 20)
        #expect(clustering.largestSize(10_000) > 10_000 / 71)
    }

    @Test func strayBookmarksBelongToNoCollection() {
        var (items, vectors) = Self.library(perTopic: 20)  // 400 bookmarks
        var generator = SplitMix64(seed: 99)
        let centres = (0..<Self.topics.count).map { topic in
            Vectors.centroid((0..<20).map { Array(vectors[($0 * Self.topics.count + topic) * 48..<($0 * Self.topics.count + topic + 1) * 48]) },
                             dimension: 48)
        }
        for stray in 0..<6 {
            // A page on none of the topics: no closer to any topic than to the others (orthogonal to every centre).
            var vector = (0..<48).map { _ in Float(generator.nextUnit() - 0.5) }
            for _ in 0..<3 {
                for centre in centres {
                    let along = Vectors.dot(vector, centre)
                    vector = zip(vector, centre).map { $0 - along * $1 }
                }
            }
            vectors += Vectors.normalized(vector)
            items.append(CollectionItem(id: 10_000 + stray, title: "Unrelated page \(stray)", domain: "stray.example"))
        }
        let members = Set(CollectionMaker().collections(items, vectors: vectors, dimension: 48).flatMap(\.bookmarkIDs))
        #expect(members.isDisjoint(with: 10_000..<10_006))
    }

    // MARK: - Names

    static func document(_ title: String, tags: [String] = []) -> ClusterNamer.Document {
        ClusterNamer.Document(chunks: WordTokenizer.chunks(title), tags: tags)
    }

    /// The mix: two Python documentation pages grouped with Git, SELinux and other tools. The old namer took any
    /// term two members shared: it named this group "Documentation & Python", "10 bookmarks about documentation and
    /// python" (run on main's ClusterNamer). No word here is in 40% of the titles, so the name says the group is mixed,
    /// and still only names what two members hold.
    @Test func aMixedGroupIsNotNamedAfterTwoOfItsMembers() {
        let mixed = ["Logging HOWTO — Python 3.11.2 documentation", "Sorting HOW TO — Python 3.11.2 documentation",
                     "Everyday Git in twenty commands", "SELinux policy management utilities", "Docker compose file reference",
                     "Nginx reverse proxy configuration", "Vim tips for daily editing", "Bash scripting cheat sheet",
                     "tmux terminal multiplexer guide", "PostgreSQL backup and restore"]
        let rest = (0..<30).map { "Sourdough bread recipe \($0)" }
        let documents = (mixed + rest).map { Self.document($0) }
        let namer = ClusterNamer(documents: documents, originalTexts: mixed + rest)
        let labels = namer.labels(for: [Array(0..<10), Array(10..<40)])
        #expect(!labels[0].name.contains("&"), "\(labels[0].name)")
        #expect(labels[0].name.hasSuffix("and More"), "\(labels[0].name)")
        #expect(labels[1].name.contains("Bread"), "\(labels[1].name)")
        #expect(labels[0].description.hasPrefix("10 bookmarks; "), "\(labels[0].description)")
    }

    /// Each word of a name is in the title or tags of at least 40% of the members.
    @Test func everyNameWordIsSharedByTheMembers() {
        let titles = ["Rust ownership explained", "Borrow checker in Rust", "Rust async runtimes compared", "Rust error handling",
                      "Lifetimes in Rust", "Cargo workspaces", "Python packaging guide", "Rust macros by example"]
        let tags: [[String]] = [["rust"], ["rust"], ["rust", "async"], [], ["rust"], ["rust"], ["python"], []]
        let documents = zip(titles, tags).map { Self.document($0, tags: $1) } + (0..<20).map { Self.document("Garden soil and compost \($0)") }
        let namer = ClusterNamer(documents: documents, originalTexts: titles)
        let members = Array(0..<8)
        let label = namer.labels(for: [members])[0]
        #expect(label.name.hasPrefix("Rust"), "\(label.name)")
        for word in label.name.lowercased().split(separator: " ") where word != "&" {
            let holding = members.filter { member in
                titles[member].lowercased().contains(word) || tags[member].contains(String(word))
            }.count
            #expect(Double(holding) >= 0.4 * Double(members.count), "\(word) in \(holding) of \(members.count)")
        }
        #expect(label.description.contains("mostly tagged rust"), "\(label.description)")
    }

    @Test func wordsKeepTheirUsualCapitals() {
        let titles = ["SELinux policy tools", "SELinux booleans explained", "Writing SELinux modules", "NASA launch schedule", "NASA archives"]
        let namer = ClusterNamer(documents: titles.map { Self.document($0) } + (0..<10).map { Self.document("Bread \($0)") }, originalTexts: titles)
        #expect(namer.labels(for: [[0, 1, 2]])[0].name.hasPrefix("SELinux"))
    }
}
