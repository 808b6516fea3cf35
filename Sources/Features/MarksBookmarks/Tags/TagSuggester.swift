import MarksCore
import MarksEngine
import MarksIndex
import SystemSupport

/// The one way tags are suggested — the share card, enrichment's AI tags (and so the web edit page's "Suggested by
/// AI" and `marks enrich`/`add`/`share`): first the tags of the most similar bookmarks the person already tagged
/// (k nearest neighbours over the index's vectors, votes weighted by similarity, `NeighbourTagVoting`); only when
/// nothing there fits, the engine's tags (the vocabulary snap, then keyphrases). Never a tag the page already has,
/// never a generic word, at most five. The page is embedded and the neighbours searched on `workers`.
public struct TagSuggester: Sendable {
    /// What is being tagged.
    public struct Page: Sendable, Equatable {
        /// Its URL.
        public var url: String
        /// Its title.
        public var title: String
        /// What it says about itself: description, notes, summary (the start of the page's text will do).
        public var text: String
        /// The tags it already has (never suggested again; they also help find its neighbours).
        public var tags: [String]
        /// The bookmark itself, when it is one (it is not its own neighbour).
        public var bookmarkID: Int?

        /// A page from its parts.
        public init(url: String, title: String, text: String = "", tags: [String] = [], bookmarkID: Int? = nil) {
            self.url = url
            self.title = title
            self.text = text
            self.tags = tags
            self.bookmarkID = bookmarkID
        }
    }

    /// Where the suggestions came from.
    public enum Origin: String, Sendable, Equatable {
        /// The person's similarly tagged bookmarks.
        case neighbours
        /// The engine (vocabulary snap and keyphrases): nothing near fitted.
        case engine
        /// Nothing fitted anywhere.
        case none
    }

    /// The suggestions for one page.
    public struct Suggestions: Sendable, Equatable {
        /// At most five tags, best first.
        public var tags: [String]
        /// Where they came from.
        public var origin: Origin
        /// Why a step was skipped (the index or the model could not be used), for the card or the log.
        public var warnings: [String]

        /// Suggestions from their parts.
        public init(tags: [String], origin: Origin, warnings: [String]) {
            self.tags = tags
            self.origin = origin
            self.warnings = warnings
        }
    }

    /// The index whose vectors and tags are the neighbours.
    public let index: SearchIndex
    /// The model pages are embedded with (the index's).
    public let embedder: LazyEmbedder
    /// The threads embedding and the vector search run on.
    public let workers: WorkerPool
    /// How the neighbours vote (k, the similarity minimum, the score floor, the limit).
    public var voting = NeighbourTagVoting()

    /// A suggester over `index`, embedding with `embedder` on `workers`.
    public init(index: SearchIndex, embedder: LazyEmbedder, workers: WorkerPool = .compute) {
        self.index = index
        self.embedder = embedder
        self.workers = workers
    }

    /// Suggestions for `page`: its neighbours' tags, else `fallback()` (the engine's tags for the page), cleaned the
    /// same way. A failing neighbour search is a warning and the fallback answers; a failing fallback throws.
    public func suggest(_ page: Page, fallback: () async throws -> [String]) async throws -> Suggestions {
        var warnings: [String] = []
        do {
            let votes = voting.votes(try await neighbours(of: page), excluding: page.tags)
            if !votes.isEmpty { return Suggestions(tags: votes.map(\.tag), origin: .neighbours, warnings: []) }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            warnings.append("tags from your similar bookmarks are unavailable: \(error)")
        }
        let tags = Self.cleaned(try await fallback(), excluding: page.tags, limit: voting.limit)
        return Suggestions(tags: tags, origin: tags.isEmpty ? .none : .engine, warnings: warnings)
    }

    /// The page's nearest tagged bookmarks as voters.
    func neighbours(of page: Page) async throws -> [NeighbourTagVoting.Neighbour] {
        let document = IndexedDocument(id: page.bookmarkID ?? 0, url: page.url, title: page.title, description: page.text,
                                       tagNames: page.tags)
        let excluded: Set<Int> = page.bookmarkID.map { [$0] } ?? []
        let (index, embedder, count) = (index, embedder, voting.neighbours)
        return try await workers.run {
            // Nothing tagged yet, or no model (a provider answers without it; the status says it is missing): no neighbours.
            guard try index.hasTaggedDocuments() else { return [] }
            let model: IndexEmbedder
            do {
                model = try embedder.get()
            } catch IndexError.modelMissing {
                return []
            }
            guard let vector = try model.vectors([document.embeddingText]).first else { return [] }
            return try index.nearestTagged(to: vector, count: count, excluding: excluded)
                .map { NeighbourTagVoting.Neighbour(tags: $0.tags, similarity: $0.similarity) }
        }
    }

    /// `tags` without generic ones, those in `excluding` and repeats (case-insensitive), at most `limit`.
    public static func cleaned(_ tags: [String], excluding: [String], limit: Int = 5) -> [String] {
        var seen = Set(excluding.map { $0.lowercased() })
        return Array(TagNames.parse(tags.joined(separator: ","))
            .filter { !GenericTags.isGeneric($0) && seen.insert($0.lowercased()).inserted }.prefix(limit))
    }
}
