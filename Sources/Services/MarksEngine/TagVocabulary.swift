import MarksCore

/// The user's existing tags prepared for matching: cleaned as linkding cleans them, lower-cased,
/// deduplicated, each with a stem key and an embedding of its words ("machine-learning" → "machine learning").
public struct TagVocabulary: Sendable {
    /// The tags, lower-case, in the order first given.
    public let tags: [String]
    /// The text embedded for each tag.
    let texts: [String]
    /// A key matching other forms of each tag's words.
    let keys: [String]
    /// One unit-length vector per tag (empty when the vocabulary is empty).
    let embeddings: [[Float]]

    /// No tags.
    public static let empty = TagVocabulary(tags: [], texts: [], keys: [], embeddings: [])

    /// The vocabulary of `tags` with `embeddings` made by `embed` (called once, with the tags' texts);
    /// throws `EngineError.embeddingFailed` when `embed` returns a different number of vectors.
    public init(_ rawTags: [String], embed: ([String]) throws -> [[Float]]) throws {
        let prepared = Self.prepare(rawTags)
        let texts = prepared.map(\.text)
        let embeddings = try embed(texts)
        guard embeddings.count == texts.count else {
            throw EngineError.embeddingFailed(reason: "\(embeddings.count) vectors for \(texts.count) tags")
        }
        self.init(tags: prepared.map(\.tag), texts: texts, keys: prepared.map(\.key), embeddings: embeddings)
    }

    private init(tags: [String], texts: [String], keys: [String], embeddings: [[Float]]) {
        self.tags = tags
        self.texts = texts
        self.keys = keys
        self.embeddings = embeddings
    }

    /// True when there are no tags.
    public var isEmpty: Bool { tags.isEmpty }

    /// Cleaned, lower-cased, deduplicated tags with the text to embed and the stem key of each.
    static func prepare(_ rawTags: [String]) -> [(tag: String, text: String, key: String)] {
        var seen = Set<String>()
        var result: [(tag: String, text: String, key: String)] = []
        for raw in rawTags {
            for name in TagNames.parse(raw) {
                let tag = name.lowercased()
                guard seen.insert(tag).inserted, WordTokenizer.hasLetter(tag) || tag.unicodeScalars.contains(where: { $0.properties.numericType != nil }) else { continue }
                let text = words(of: name)
                // A name with symbols the words drop (`c++`, `c#`, `f#`) matches only as spelled: its words alone
                // (`c`) would make a stray letter of the page that tag.
                let key = isSymbolic(tag) ? tag : Stemmer.key(WordTokenizer.words(text))
                result.append((tag, text.isEmpty ? tag : text, key.isEmpty ? tag : key))
            }
        }
        return result
    }

    /// True for a tag holding a character other than letters, digits and the separators `-_./` (a leading `#`,
    /// as in `#swift`, does not count).
    static func isSymbolic(_ tag: String) -> Bool {
        let core = tag.hasPrefix("#") ? tag.dropFirst() : Substring(tag)
        return core.contains { !($0.isLetter || $0.isNumber || "-_./ ".contains($0)) }
    }

    /// The words of a tag for embedding: separators become spaces and camelCase is split ("MachineLearning").
    static func words(of tag: String) -> String {
        var result = ""
        var previous: Character?
        for character in tag {
            if character == "-" || character == "_" || character == "." || character == "/" || character == "#" {
                result.append(" ")
            } else {
                if let previous, previous.isLowercase, character.isUppercase { result.append(" ") }
                result.append(character)
            }
            previous = character
        }
        return result.split(separator: " ").joined(separator: " ").lowercased()
    }
}
