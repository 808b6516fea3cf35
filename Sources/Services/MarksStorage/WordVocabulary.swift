import SQLiteDatabase

/// The terms of the word-level index that contain a given piece of text: `store_terms` (every term ever indexed;
/// terms whose last bookmark went stay, which costs an empty doclist and no wrong answer) through its own small
/// trigram index, each candidate checked with `instr`.
enum WordVocabulary {
    /// The terms containing one run and how many bookmarks hold them (a sum over the terms: at least the union).
    struct Found {
        var terms: [String]
        var bookmarks: Int
    }

    /// The terms of the vocabulary containing `run` (a run of term bytes of three or more characters), or nil when
    /// there are more than `limit` (a search then reads the rows instead).
    static func terms(containing run: String, limit: Int, _ db: Connection) throws -> Found? {
        let characters = Array(run.unicodeScalars)
        guard characters.count >= 3 else { return nil }
        // One AND of the run's trigrams (the index keeps no positions, so no phrase), each quoted.
        let trigrams = (0...(characters.count - 3)).map { start in
            "\"" + String(String.UnicodeScalarView(characters[start..<(start + 3)])) + "\""
        }
        let found = try db.withStatement(cached: """
            SELECT t.term, t.docs FROM store_terms t
            WHERE t.id IN (SELECT rowid FROM store_terms_trigrams WHERE store_terms_trigrams MATCH ?) AND instr(t.term, ?) > 0
            LIMIT ?
            """) { statement in
            try statement.bind([SQLValue(Set(trigrams).sorted().joined(separator: " AND ")), SQLValue(run), SQLValue(limit + 1)])
            var found = Found(terms: [], bookmarks: 0)
            while let row = try statement.step() {
                found.terms.append(try row.string(at: 0))
                found.bookmarks += max(0, try row.int(at: 1))
            }
            return found
        }
        return found.terms.count > limit ? nil : found
    }

    /// An FTS5 query matching any of `terms` (each quoted; terms hold no quote).
    static func anyOf(_ terms: [String]) -> String {
        "(" + terms.map { "\"" + $0 + "\"" }.joined(separator: " OR ") + ")"
    }
}
