import Foundation
import MarksCore
import MarksEngine
import SentenceEmbeddings

/// The offline AI engine on the real model (build in release): semantic ranking of 200 bookmarks with
/// cached embeddings (target p50 ≤ 50 ms), collections over 150 bookmarks (target p50 ≤ 500 ms) and the
/// enrichment of a typical, already extracted article. Bookmarks are generated from a fixed seed.
enum EngineBenchmark {
    static func run() async throws -> [String] {
        let model = try EmbeddingModel.loadInstalled()
        let engine = OfflineEngine(embedder: model)
        let bookmarks = sampleBookmarks(count: 200)
        var lines: [String] = []

        // Ranking: the first call fills the cache with the 200 bookmark embeddings; the query is new each time.
        let rankItems = bookmarks.map { RankItem(id: $0.id, title: $0.title, domain: $0.domain, summary: $0.summary) }
        _ = try await engine.rank(query: "warm up", items: rankItems)
        var rankTimes: [Double] = []
        for query in queries {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try await engine.rank(query: query, items: rankItems)
            rankTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        lines.append(line("semantic ranking, 200 bookmarks, cached embeddings", rankTimes, target: 0.050))

        // Collections over 150 bookmarks: the first call embeds them (and the naming terms); then cached.
        let collectionItems = bookmarks.prefix(150).map { CollectionItem(id: $0.id, title: $0.title, domain: $0.domain, summary: $0.summary, tags: $0.tags) }
        let cold = try BenchSupport.time { _ = try engine.collectionBuilder.collections(Array(collectionItems)) }
        var collectionTimes: [Double] = []
        var collections: [SmartCollection] = []
        for _ in 0..<15 {
            let start = DispatchTime.now().uptimeNanoseconds
            collections = try await engine.collections(Array(collectionItems))
            collectionTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        lines.append(line("collections, 150 bookmarks, cached embeddings", collectionTimes, target: 0.500)
            + String(format: " (first call, embedding everything: %.0f ms; %d collections: %@)", cold * 1000, collections.count,
                     collections.map(\.name).joined(separator: ", ")))

        // Enrichment of a typical article (~650 words) with a 100-tag vocabulary (tags cached after the first call).
        let request = EnrichRequest(url: "https://example.org/article", title: articleTitle, text: article, vocabulary: vocabulary)
        _ = try await engine.enrich(request)
        var enrichTimes: [Double] = []
        var result: EnrichResult?
        for _ in 0..<10 {
            let start = DispatchTime.now().uptimeNanoseconds
            result = try await engine.enrich(request)
            enrichTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        lines.append(line("offline enrichment, one \(article.split(separator: " ").count)-word article", enrichTimes, target: nil)
            + " → tags \(result?.tags ?? [])")
        return lines
    }

    private static func line(_ label: String, _ samples: [Double], target: Double?) -> String {
        let p50 = BenchSupport.percentile(samples, 50)
        let p95 = BenchSupport.percentile(samples, 95)
        var text = String(format: "%@: p50 %.1f ms, p95 %.1f ms over %d runs", label, p50 * 1000, p95 * 1000, samples.count)
        if let target {
            text += String(format: " (target ≤ %.0f ms: %@)", target * 1000, p50 <= target ? "met" : "MISSED")
        }
        return text
    }

    /// A bookmark of the generated library.
    struct Bookmark {
        let id: Int
        let title: String
        let domain: String
        let summary: String
        let tags: [String]
    }

    /// `count` bookmarks over ten topics, from a fixed seed.
    static func sampleBookmarks(count: Int) -> [Bookmark] {
        var random = SplitMix64(seed: 42)
        return (0..<count).map { index in
            let topic = topics[index % topics.count]
            func pick(_ words: [String], _ n: Int) -> [String] { (0..<n).map { _ in words[random.next(below: words.count)] } }
            let title = (pick(topic.words, 3) + [pick(topic.nouns, 1)[0]]).joined(separator: " ").capitalized
            let summary = "A guide to " + pick(topic.words, 4).joined(separator: " ") + ", with notes on "
                + pick(topic.nouns, 3).joined(separator: ", ") + " and " + pick(topic.words, 3).joined(separator: " ") + "."
            return Bookmark(id: index + 1, title: title, domain: topic.domains[random.next(below: topic.domains.count)],
                            summary: summary, tags: [topic.tag])
        }
    }

    private struct Topic {
        let tag: String
        let domains: [String]
        let words: [String]
        let nouns: [String]
    }

    private static let topics = [
        Topic(tag: "rust", domains: ["doc.rust-lang.org", "blog.rust.example"], words: ["rust", "ownership", "borrow", "lifetimes", "async", "traits", "cargo"], nouns: ["compiler", "crate", "tutorial", "patterns"]),
        Topic(tag: "baking", domains: ["kingarthurbaking.com", "seriouseats.com"], words: ["sourdough", "bread", "flour", "yeast", "dough", "crust", "oven"], nouns: ["recipe", "loaf", "technique", "starter"]),
        Topic(tag: "astronomy", domains: ["nasa.gov", "esa.int"], words: ["galaxy", "telescope", "planet", "orbit", "star", "nebula", "cosmic"], nouns: ["images", "discovery", "mission", "survey"]),
        Topic(tag: "finance", domains: ["investopedia.com", "ft.com"], words: ["index", "funds", "savings", "interest", "retirement", "bonds", "inflation"], nouns: ["portfolio", "strategy", "account", "returns"]),
        Topic(tag: "running", domains: ["runnersworld.com", "strava.example"], words: ["marathon", "training", "pace", "running", "shoes", "tempo", "recovery"], nouns: ["plan", "race", "workout", "injury"]),
        Topic(tag: "photography", domains: ["petapixel.com", "dpreview.com"], words: ["camera", "lens", "aperture", "exposure", "portrait", "light", "shutter"], nouns: ["settings", "review", "composition", "photos"]),
        Topic(tag: "gardening", domains: ["rhs.org.uk", "gardenersworld.com"], words: ["tomatoes", "compost", "seeds", "soil", "pruning", "roses", "vegetable"], nouns: ["garden", "beds", "harvest", "season"]),
        Topic(tag: "security", domains: ["krebsonsecurity.com", "lwn.net"], words: ["vulnerability", "encryption", "password", "exploit", "patch", "malware", "tls"], nouns: ["attack", "audit", "advisory", "keys"]),
        Topic(tag: "music", domains: ["pitchfork.com", "bandcamp.com"], words: ["album", "guitar", "jazz", "synth", "melody", "vinyl", "chords"], nouns: ["review", "band", "recording", "songs"]),
        Topic(tag: "travel", domains: ["lonelyplanet.com", "atlasobscura.com"], words: ["trip", "train", "hiking", "city", "island", "museum", "itinerary"], nouns: ["guide", "journey", "hotels", "tips"]),
    ]

    private static let queries = [
        "how to bake bread at home", "memory safety in systems programming", "pictures of distant galaxies",
        "saving for retirement", "marathon training plan", "best camera lens for portraits", "growing tomatoes",
        "password security advice", "jazz guitar records", "weekend city trip", "sourdough starter",
        "rust async runtime", "planet discovery", "low cost index funds", "running shoes review",
        "night photography settings", "compost for vegetable beds", "tls encryption bug", "vinyl album review",
        "hiking on an island",
    ]

    private static let vocabulary: [String] = topics.map(\.tag) + [
        "programming", "cooking", "recipes", "space", "science", "money", "investing", "fitness", "health", "camera",
        "art", "plants", "nature", "linux", "privacy", "hacking", "albums", "concerts", "holidays", "europe",
        "python", "javascript", "databases", "design", "productivity", "writing", "books", "history", "politics", "economics",
        "climate", "energy", "cars", "cycling", "football", "tennis", "chess", "games", "movies", "television",
        "podcasts", "education", "parenting", "pets", "dogs", "cats", "coffee", "wine", "beer", "tea",
        "architecture", "cities", "maps", "weather", "physics", "biology", "chemistry", "math", "statistics", "ai",
        "machine-learning", "startups", "careers", "management", "marketing", "law", "medicine", "psychology", "philosophy", "religion",
        "languages", "japan", "france", "italy", "usa", "diy", "woodworking", "knitting", "fashion", "food",
        "vegetarian", "baking-bread", "hardware", "networking", "cloud", "devops", "open-source", "swift", "go", "web",
    ]

    private static let articleTitle = "Why sourdough bread rises: the science of wild yeast"
    private static let article = """
    Sourdough bread rises without any commercial yeast, relying instead on a starter: a paste of flour and water colonised by wild yeasts and lactic acid bacteria.
    Bakers keep these starters alive for years, feeding them fresh flour and water every day or two.
    The yeasts produce carbon dioxide, which is trapped by the gluten network of the dough and makes the loaf rise.
    The bacteria, mostly species of Lactobacillus, produce lactic and acetic acids that give sourdough its characteristic tang.
    Scientists who sampled starters from around the world found that each contains a distinctive community of microbes.
    Surprisingly, the baker's own hands and the flour contribute many of the microbes, more than the kitchen air does.
    A starter from San Francisco may therefore taste different from one kept in Stockholm, even when both are fed the same flour.
    The acids also change the texture of the bread, making the crumb more elastic and helping the loaf stay fresh for longer.
    Long fermentation breaks down some of the gluten and other proteins, which is why some people find sourdough easier to digest.
    Temperature controls the balance between yeast and bacteria: warm doughs ferment quickly and taste mild, cool doughs ferment slowly and taste sour.
    Many bakers retard their shaped loaves in the refrigerator overnight to develop flavour and to fit baking into a normal day.
    Hydration, the ratio of water to flour, shapes the final loaf as much as the starter does.
    A wetter dough gives a more open crumb with large irregular holes, but it is harder to shape.
    Stretching and folding the dough during the first rise builds strength without the need for intensive kneading.
    Baking in a covered pot traps steam during the first minutes, letting the loaf expand before the crust sets.
    When the lid comes off, the surface dries and browns, and sugars and proteins react to form hundreds of aroma compounds.
    Home bakers who took up sourdough during recent years have helped revive interest in heritage grains such as spelt, emmer and rye.
    These flours ferment differently: rye, for instance, has little gluten and relies on acidity and starches to hold its structure.
    Researchers are now studying how the microbes of starters might be used to improve the nutrition of everyday bread.
    For most bakers, though, the appeal is simpler: a loaf with a deep flavour, made from three ingredients and a little patience.
    The best advice for beginners is to keep a regular feeding schedule and to watch the starter rather than the clock.
    A healthy starter doubles in size within a few hours of feeding and smells pleasantly sour, like yoghurt or fruit.
    If it smells of nail polish, it is hungry; feeding it more often usually brings it back to health.
    Once the starter is reliable, the rest of the process becomes a matter of practice, observation and a good oven.
    """

    /// A small deterministic random generator (SplitMix64) for the generated bookmarks.
    private struct SplitMix64 {
        private var state: UInt64

        init(seed: UInt64) {
            state = seed
        }

        mutating func next() -> UInt64 {
            state &+= 0x9e37_79b9_7f4a_7c15
            var z = state
            z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
            z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
            return z ^ (z >> 31)
        }

        mutating func next(below bound: Int) -> Int {
            Int(next() % UInt64(max(1, bound)))
        }
    }
}
