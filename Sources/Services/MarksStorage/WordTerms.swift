import SQLiteDatabase

/// The words of the word-level index (`store_words`), split exactly as FTS5's `ascii` tokenizer splits them: a term
/// is a maximal run of ASCII letters and digits and non-ASCII bytes, ASCII letters lower-cased; every other ASCII
/// character separates. The store's vocabulary (`store_terms`) is built with this same split, so it holds every
/// term the index holds.
enum WordTerms {
    /// The SQL function the index triggers call: `store_word_terms(text)` gives the distinct terms of `text` as a
    /// JSON array (for `json_each`). Terms hold no quote, backslash or control character, so they need no escaping.
    static let function = ScalarFunction(name: "store_word_terms", argumentCount: 1) { arguments in
        guard case .text(let text) = arguments.first else { return .text("[]") }
        let terms = WordTerms.terms(of: text)
        return .text("[" + terms.map { "\"" + $0 + "\"" }.joined(separator: ",") + "]")
    }

    /// The index's text of one bookmark: its four searchable columns, lower-cased by SQL's `lower` (ASCII only, as
    /// linkding's SQLite compares) and joined by spaces, so no term spans two columns. `row` is `new` or `old`.
    static func body(_ row: String) -> String {
        "lower(\(row).title) || ' ' || lower(\(row).description) || ' ' || lower(\(row).notes) || ' ' || lower(\(row).url)"
    }

    /// True for a byte that belongs to a term.
    static func isTermByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    /// The distinct terms of `text`, in order of first appearance. Distinct by their bytes: Swift's `String` equality
    /// is canonical equivalence, which would fold `café` and `cafe\u{301}` into one, and FTS5 keeps both.
    static func terms(of text: String) -> [String] {
        var seen = Set<[UInt8]>()
        var terms: [String] = []
        for term in runs(of: text) where seen.insert(Array(term.utf8)).inserted { terms.append(term) }
        return terms
    }

    /// Every maximal run of term bytes in `text`, ASCII lower-cased, in order (repeats kept).
    static func runs(of text: String) -> [String] {
        var runs: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            if isTermByte(byte) {
                current.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else if !current.isEmpty {
                runs.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty { runs.append(String(decoding: current, as: UTF8.self)) }
        return runs
    }

    /// True when `word` is one run of term bytes: any occurrence of it lies inside one term, so the terms containing
    /// it decide its matches exactly.
    static func isSingleTerm(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy(isTermByte)
    }
}
