import Foundation
import SQLiteDatabase
import Testing

/// `contains_folded(needle, text, …)` gives what SQLite's own `instr(lower(text), lower(needle)) > 0` gives (and
/// `LIKE '%needle%'` for text without NUL), over generated texts of ASCII, accents, emoji, NUL and LIKE's wildcards.
@Suite struct FoldedContainsTests {
    static let pieces = ["a", "B", "ab", "AB", "é", "É", "ß", "😀", "\u{0}", "%", "_", "\\", " ", "x y", "Straße", "ȺB", "z"]

    /// A small deterministic generator (no Foundation randomness: the same texts every run).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func text(maxPieces: Int) -> String {
            (0..<next(maxPieces + 1)).map { _ in FoldedContainsTests.pieces[next(FoldedContainsTests.pieces.count)] }.joined()
        }
    }

    @Test func agreesWithInstrOfLowerAndWithLike() throws {
        try withConnection { db in
            try db.define(.foldedContains)
            var generator = Generator(state: 2026)
            for _ in 0..<3_000 {
                let needle = generator.text(maxPieces: 3)
                let texts = [generator.text(maxPieces: 8), generator.text(maxPieces: 8)]
                let arguments = [SQLValue(needle), SQLValue(texts[0]), SQLValue(texts[1])]
                let row = try #require(try db.queryOne("""
                    SELECT contains_folded(?1, ?2, ?3),
                           instr(lower(?2), lower(?1)) > 0 OR instr(lower(?3), lower(?1)) > 0,
                           ?2 LIKE ?4 ESCAPE '\\' OR ?3 LIKE ?4 ESCAPE '\\'
                    """, arguments + [SQLValue("%" + Self.escaped(needle) + "%")]))
                let folded = try row.int(at: 0)
                #expect(folded == (try row.int(at: 1)), "needle \(needle.debugDescription) in \(texts.debugDescription)")
                if !(needle + texts.joined()).contains("\u{0}") {
                    #expect(folded == (try row.int(at: 2)), "LIKE: needle \(needle.debugDescription) in \(texts.debugDescription)")
                }
            }
        }
    }

    @Test func nullsHoldNothingAndAnEmptyNeedleIsEverywhere() throws {
        try withConnection { db in
            try db.define(.foldedContains)
            let row = try #require(try db.queryOne("""
                SELECT contains_folded(NULL, 'a'), contains_folded('a', NULL), contains_folded('', ''), contains_folded('', NULL),
                       contains_folded('A'), contains_folded('12', 3125), contains_folded('ÉT', 'été'), contains_folded('ét', 'xÉTÉ')
                """))
            #expect(try (0..<8).map { try row.int(at: $0) } == [0, 0, 1, 0, 0, 1, 0, 0])
        }
    }

    @Test func readsLongTextsInPlace() throws {
        try withConnection { db in
            try db.define(.foldedContains)
            let long = String(repeating: "lorem ipsum ", count: 50_000)
            #expect(try db.queryOne("SELECT contains_folded('IPSUM LOREM IPSUM', ?)", [SQLValue(long)])?.int(at: 0) == 1)
            #expect(try db.queryOne("SELECT contains_folded('ipsum  lorem', ?)", [SQLValue(long)])?.int(at: 0) == 0)
            #expect(try db.queryOne("SELECT contains_folded('ipsum', ?)", [.blob(Array(long.utf8))])?.int(at: 0) == 1)
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
    }
}
