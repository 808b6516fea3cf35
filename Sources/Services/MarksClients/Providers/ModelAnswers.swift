import Foundation
import MarksCore

/// Reads a model's text as the JSON object its prompt asked for and checks it: shapes, lengths, known ids,
/// tags cleaned as linkding cleans them. Anything unusable is an `invalidAnswer`, so the engine falls back.
enum ModelAnswers {
    /// A summary longer than this is cut at a sentence or word boundary.
    static let maximumSummaryCharacters = 500
    /// Tags kept at most.
    static let maximumTags = 5
    /// A tag longer than this (linkding's limit) is dropped.
    static let maximumTagCharacters = 64
    /// Collections kept at most.
    static let maximumCollections = 12

    static func enrich(_ text: String, request: EnrichRequest, engine: String) throws(ProviderError) -> EnrichResult {
        struct Answer: Decodable {
            let summary: String
            let tags: [String]
        }
        let answer = try decode(Answer.self, from: text)
        let summary = cut(answer.summary.split(whereSeparator: \.isWhitespace).joined(separator: " "), to: maximumSummaryCharacters)
        guard !summary.isEmpty else { throw .invalidAnswer("the summary is empty") }
        let tags = cleanTags(answer.tags, vocabulary: request.vocabulary ?? [])
        guard !tags.isEmpty else { throw .invalidAnswer("no usable tags") }
        return EnrichResult(summary: summary, tags: tags, engine: engine)
    }

    static func rank(_ text: String, items: [RankItem]) throws(ProviderError) -> [RankedID] {
        struct Answer: Decodable {
            struct Entry: Decodable {
                let id: FlexibleInt
                let score: Double
            }
            let results: [Entry]
        }
        let answer = try decode(Answer.self, from: text)
        let known = Set(items.map(\.id))
        var seen = Set<Int>()
        var ranked: [RankedID] = []
        for entry in answer.results where known.contains(entry.id.value) && seen.insert(entry.id.value).inserted {
            guard entry.score.isFinite else { throw .invalidAnswer("a score is not a number") }
            ranked.append(RankedID(id: entry.id.value, score: min(1, max(0, entry.score))))
        }
        guard !ranked.isEmpty || items.isEmpty else { throw .invalidAnswer("none of the given ids is ranked") }
        ranked = ranked.enumerated().sorted { a, b in
            a.element.score != b.element.score ? a.element.score > b.element.score : a.offset < b.offset
        }.map(\.element)
        for item in items where seen.insert(item.id).inserted {
            ranked.append(RankedID(id: item.id, score: 0))
        }
        return ranked
    }

    static func collections(_ text: String, items: [CollectionItem]) throws(ProviderError) -> [SmartCollection] {
        struct Answer: Decodable {
            struct Entry: Decodable {
                let name: String
                let description: String?
                let bookmarkIDs: [FlexibleInt]

                enum CodingKeys: String, CodingKey {
                    case name, description
                    case bookmarkIDs = "bookmark_ids"
                }
            }
            let collections: [Entry]
        }
        let answer = try decode(Answer.self, from: text)
        let order = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var used = Set<Int>()
        var result: [SmartCollection] = []
        for entry in answer.collections {
            let name = cut(entry.name.split(whereSeparator: \.isWhitespace).joined(separator: " "), to: 60)
            guard !name.isEmpty else { continue }
            let members = entry.bookmarkIDs.map(\.value).filter { order[$0] != nil && used.insert($0).inserted }
            guard members.count >= 2 else { continue }
            let description = cut((entry.description ?? "").split(whereSeparator: \.isWhitespace).joined(separator: " "), to: 300)
            result.append(SmartCollection(name: name, description: description,
                                          bookmarkIDs: members.sorted { (order[$0] ?? 0) < (order[$1] ?? 0) }))
            if result.count == maximumCollections { break }
        }
        if result.isEmpty && !answer.collections.isEmpty { throw .invalidAnswer("no collection has two known bookmarks") }
        return result
    }

    /// Tags cleaned as linkding cleans them, lower-cased, without `#`, at most 64 characters, deduplicated,
    /// the ones in `vocabulary` first, at most five.
    static func cleanTags(_ raw: [String], vocabulary: [String]) -> [String] {
        let known = Set(vocabulary.map { $0.lowercased() })
        var seen = Set<String>()
        var fromVocabulary: [String] = []
        var others: [String] = []
        for entry in raw {
            for name in TagNames.parse(entry) {
                var tag = name.lowercased()
                while tag.hasPrefix("#") { tag.removeFirst() }
                guard !tag.isEmpty, tag.count <= maximumTagCharacters, tag.contains(where: { $0.isLetter || $0.isNumber }),
                      seen.insert(tag).inserted else { continue }
                if known.contains(tag) { fromVocabulary.append(tag) } else { others.append(tag) }
            }
        }
        return Array((fromVocabulary + others).prefix(maximumTags))
    }

    /// The first JSON object in `text` (code fences and prose around it ignored) decoded as `T`.
    static func decode<T: Decodable>(_ type: T.Type, from text: String) throws(ProviderError) -> T {
        guard let start = text.firstIndex(of: "{"), let end = text.lastIndex(of: "}"), start < end else {
            throw .invalidAnswer("no JSON object in \"\(text.prefix(80))\"")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(text[start...end].utf8))
        } catch {
            throw .invalidAnswer(ProviderJSON.describe(error))
        }
    }

    /// `text` cut to `limit` characters at the last sentence end, else the last space, inside the limit.
    static func cut(_ text: String, to limit: Int) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count > limit else { return trimmed }
        let head = trimmed.prefix(limit)
        if let stop = head.lastIndex(where: { ".!?".contains($0) }), head.distance(from: head.startIndex, to: stop) >= limit / 3 {
            return String(head[...stop])
        }
        if let space = head.lastIndex(of: " ") { return String(head[..<space]) + "…" }
        return String(head) + "…"
    }

    /// An id sent as a number or as a string of digits (some models quote numbers).
    struct FlexibleInt: Decodable {
        let value: Int

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) { // safe: not an integer, so try a string of digits
                value = number
            } else if let number = Int(try container.decode(String.self).trimmingCharacters(in: .whitespaces)) {
                value = number
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an id")
            }
        }
    }
}
