import MarksTestSupport
import Foundation
import MarksCore
import SQLiteDatabase
import Testing
@testable import MarksStorage

@Suite struct BookmarkStoreSearchTests {
    /// The doc's data set: ids in creation order 1…6.
    private static func library() throws -> (StoreFixture, [Int]) {
        let f = try StoreFixture()
        let ids = try [
            f.add("https://docs.swift.org/book", title: "The Swift Programming Language", tags: ["swift", "docs"]),
            f.add("https://vapor.codes", title: "Vapor web framework", description: "Server-side Swift", tags: ["Swift", "server"]),
            f.add("https://linkding.link", title: "linkding", description: "Self-hosted bookmarks", tags: ["selfhosted"], unread: true),
            f.add("https://example.com/note", title: "A note", notes: "remember this"),
            f.add("https://street.example", title: "Straße café", description: "cafe\u{301} decomposed", tags: ["Ärger"]),
            f.add("https://crates.io", title: "Crates", tags: ["rust"]),
        ].map(\.id)
        return (f, ids)
    }

    @Test(arguments: [
        ("#SWIFT", [2, 1]), ("swift not #docs", [2]), ("#docs or #selfhosted", [3, 1]), ("(unclosed", []),
        ("!foo", [6, 5, 4, 3, 2, 1]), ("", [6, 5, 4, 3, 2, 1]), ("SWIFT", [2, 1]), ("remember", [4]), ("docs.swift", [1]),
        ("\"programming language\"", [1]), ("\"language programming\"", []), ("!unread", [3]), ("!untagged", [4]),
        ("not !untagged", [6, 5, 3, 2, 1]), ("#swift #server", [2]), ("#swif", []), ("#nosuchtag", []), ("not #nosuchtag", [6, 5, 4, 3, 2, 1]),
        ("#ÄRGER", [5]), ("#ärger", []), ("STRAß", [5]), ("STRASSE", []), ("CAFÉ", []), ("café", [5]), ("cafe\u{301}", [5]),
        ("ca", [5]), ("CA", [5]), ("é", [5]), ("É", []), ("\"\"", [6, 5, 4, 3, 2, 1]), ("'a \"'", []), ("io", [6]),
    ])
    func docExamplesThroughSQL(query: String, expected: [Int]) throws {
        let (f, ids) = try Self.library()
        #expect(try f.search(query) == expected.map { ids[$0 - 1] })
    }

    @Test(arguments: [("rust", [6]), ("RUST", [6]), ("rus", []), ("not rust", [5, 4, 3, 2, 1]), ("ärger", []), ("ÄRGER", [5]), ("sw", [2, 1])])
    func laxWordsAlsoMatchTags(query: String, expected: [Int]) throws {
        let (f, ids) = try Self.library()
        #expect(try f.search(query, tagSearch: .lax) == expected.map { ids[$0 - 1] })
    }

    /// Issue 35 item 4: `e e e …` (255 times) cost 255 checks of every row; repeats are now one term, and a query past
    /// the bounds on terms, short terms and words the index cannot answer is refused with a message (400 on `/api/`).
    @Test func repeatedTermsAreOneAndTooManyTermsAreRefused() throws {
        let (f, _) = try Self.library()
        #expect(try f.search(String(repeating: "e ", count: 255)) == (try f.search("e")))
        #expect(try f.search(String(repeating: "a ", count: 1_000_000)) == (try f.search("a")))
        #expect(try f.search(String(repeating: "E e ", count: 300) + " or " + String(repeating: "#SWIFT ", count: 300)) == [6, 5, 4, 3, 2, 1])
        func refused(_ query: String) -> Bool {
            do {
                _ = try f.search(query)
                return false
            } catch {
                guard case .invalid(let fields) = error as? BookmarkStoreError else { return false }
                return fields["q"]?.isEmpty == false
            }
        }
        let shortWords = (0..<26).map { String(UnicodeScalar(UInt8(0x61 + $0))) }
        #expect(!refused(shortWords.prefix(SearchQuery.maxShortTerms).joined(separator: " or ")))
        #expect(refused(shortWords.prefix(SearchQuery.maxShortTerms + 1).joined(separator: " or ")))
        #expect(refused((0..<(SearchQuery.maxTerms + 1)).map { "#t\($0)" }.joined(separator: " or ")))
        // Words of three characters the index cannot answer (no run of three letters or digits): each a row check.
        let rowWords = (0..<(SearchPlanner.maxRowCheckedWords + 1)).map { "\(shortWords[$0 % 26])-\($0 / 26)" }
        #expect(!refused(rowWords.prefix(SearchPlanner.maxRowCheckedWords).joined(separator: " or ")))
        #expect(refused(rowWords.joined(separator: " or ")))
        let expression = try #require(SearchQuery.parse(rowWords.joined(separator: " e e E ")))
        let counted = try f.store.read { db in
            try SearchPlanner(for: [expression], tagSearch: .strict, scope: .unarchived, db).rowCheckedWords
        }
        #expect(counted == SearchPlanner.maxRowCheckedWords + 2, "each different word once, the short e too")
    }

    @Test func aMegabyteOfNestingMatchesNothingQuickly() throws {
        let (f, _) = try Self.library()
        #expect(try f.search(String(repeating: "(", count: 1 << 20)) == [])
        #expect(try f.search(String(repeating: "(", count: 10_000) + "swift" + String(repeating: ")", count: 10_000)) == [])
    }

    @Test func deepQueriesAreAnsweredInMemoryWithTheSameMeaning() throws {
        let (f, ids) = try Self.library()
        var query = "swift"
        for level in 0..<12 { query = level.isMultiple(of: 2) ? "not (\(query) or #rust)" : "(\(query) and not !unread)" }
        let expression = try #require(SearchQuery.parse(query))
        let depth = try f.store.read { db in try SearchPlanner(for: [expression], tagSearch: .strict, scope: .unarchived, db).plan(expression).depth }
        #expect(depth > SearchPlanner.maxDepth)
        let all = try f.store.list(BookmarkListQuery(limit: 1000)).results
        #expect(try f.search(query) == all.filter { expression.matches($0, tagSearch: .strict) }.map(\.id))
        #expect(!ids.isEmpty)
    }

    @Test func manyNegationsAndAlternativesStayWithinSQLitesLimits() throws {
        let f = try StoreFixture()
        var expected: [Int] = []
        for index in 0..<60 {
            let b = try f.add("https://\(index).example", title: "common <\(index)>", tags: ["all", "t\(index)"])
            if index >= 40 { expected.insert(b.id, at: 0) }
        }
        let negations = (0..<40).map { "not #t\($0)" }.joined(separator: " ")
        #expect(try f.search("#all " + negations) == expected)
        #expect(try f.search("common " + negations) == expected)
        let alternatives = (40..<60).map { "#t\($0)" }.joined(separator: " or ")
        #expect(try f.search(alternatives) == expected)
        let words = (0..<40).map { "not \"common <\($0)>\"" }.joined(separator: " ")
        #expect(try f.search("common " + words) == expected)
        let many = (0..<(SearchQuery.maxTerms - 1)).map { "not \"common <\($0 + 100)>\"" }.joined(separator: " ")
        #expect(try f.search("common " + many).count == 60)
        var nested = "common"
        for level in 0..<30 { nested = level.isMultiple(of: 2) ? "(\(nested) or zzz\(level))" : "(\(nested) and common)" }
        #expect(try f.search(nested).count == 60)
    }

    @Test func archivingMovesABookmarkBetweenTheIndexedScopes() throws {
        let f = try StoreFixture()
        let b = try f.add("https://a.example", title: "kubernetes operator", tags: ["ops"])
        let archived = BookmarkListQuery(search: "kubernetes #ops", archived: true)
        #expect(try f.search("kubernetes #ops") == [b.id] && f.ids(archived) == [])
        _ = try f.store.update(id: b.id, BookmarkUpdate(isArchived: true))
        #expect(try f.search("kubernetes #ops") == [] && f.ids(archived) == [b.id])
        try f.store.unarchive(id: b.id)
        #expect(try f.search("kubernetes #ops") == [b.id] && f.ids(archived) == [])
        _ = try f.store.update(id: b.id, BookmarkUpdate(title: "helm charts"))
        #expect(try f.search("kubernetes") == [] && f.search("helm") == [b.id])
        try f.store.delete(id: b.id)
        #expect(try f.search("helm") == [] && f.search("#ops") == [])
    }

    @Test func theSchemaKeepsTheTagJoinsArchiveFlagEqual() throws {
        let f = try StoreFixture()
        let b = try f.add("https://a.example", tags: ["t"])
        try f.store.archive(id: b.id)
        let flags = try f.store.read { db in try db.query("SELECT archived FROM store_bookmark_tags").map { try $0.int(at: 0) } }
        #expect(flags == [1])
        #expect(throws: (any Error).self) {
            try f.store.write { db in try db.run("UPDATE store_bookmark_tags SET archived = 0") }
        }
    }

    @Test func foldingIsASCIIOnlyInThisSQLite() throws {
        let f = try StoreFixture()
        let lowered = try f.store.read { db in try db.queryOne("SELECT lower('ÄBC É')").map { try $0.string(at: 0) } }
        #expect(lowered == "Äbc É")
    }

    /// The property: for random data and random queries, the SQL answer equals the reference evaluator's — in every
    /// scope and sort, on whole lists and on small pages (which take the date-index walk when matches are dense).
    @Test(arguments: [TagSearchMode.strict, .lax])
    func sqlAgreesWithTheReferenceEvaluator(mode: TagSearchMode) throws {
        let f = try StoreFixture()
        var random = SeededRandom(seed: mode == .strict ? 11 : 12)
        for index in 0..<160 {
            try f.add("https://h\(index).example/\(random.pick(RandomLibrary.words).replacingOccurrences(of: " ", with: "-"))",
                      title: random.phrase(), description: random.phrase(), notes: random.chance(0.3) ? random.phrase() : "",
                      tags: random.tags(), unread: random.chance(0.3), shared: random.chance(0.3), archived: random.chance(0.25))
        }
        var everything: [BookmarkScope: [BookmarkSort: [Bookmark]]] = [:]
        for scope in [BookmarkScope.unarchived, .archived, .shared] {
            for sort in BookmarkSort.allCases {
                everything[scope, default: [:]][sort] = try f.store.list(BookmarkListQuery(limit: 10_000, sort: sort), scope: scope).results
            }
        }
        var deep = 0
        var selective = 0
        var refused = 0
        for _ in 0..<400 {
            let query = random.query(depth: 6)
            let scope = random.pick([BookmarkScope.unarchived, .unarchived, .archived, .shared])
            let sort = random.pick(BookmarkSort.allCases)
            let paged = random.chance(0.5)
            let limit = paged ? 1 + random.below(8) : 10_000
            let offset = paged ? random.below(12) : 0
            let listQuery = BookmarkListQuery(search: query, limit: limit, offset: offset, sort: sort)
            let listed = Result { () throws(BookmarkStoreError) in try f.store.list(listQuery, scope: scope, tagSearch: mode) }
            if case .failure(let error) = listed, case .invalid(let fields) = error, fields["q"] != nil {
                // Refused for its cost (issue 35): only a query past the bounds is.
                let expression = try #require(SearchQuery.parse(query))
                let rowChecked = try f.store.read { db in try SearchPlanner(for: [expression], tagSearch: mode, scope: scope, db).rowCheckedWords }
                #expect(SearchQuery.budgetProblem(expression) != nil || rowChecked > SearchPlanner.maxRowCheckedWords, "\(query.debugDescription)")
                refused += 1
                continue
            }
            let page = try listed.get()
            guard let expression = SearchQuery.parse(query) else {
                #expect(page.count == 0 && page.results.isEmpty)
                continue
            }
            let all = everything[scope]?[sort] ?? []
            let expected = all.filter { expression.matches($0, tagSearch: mode) }.map(\.id)
            let slice = Array(expected.dropFirst(offset).prefix(limit))
            #expect(page.results.map(\.id) == slice, "\(query.debugDescription) \(scope) \(sort) \(limit)/\(offset)")
            #expect(page.count == expected.count, "\(query.debugDescription) \(scope)")
            let scanned = try f.store.scanList(listQuery, scope: scope, tagSearch: mode)
            #expect(scanned.results.map(\.id) == slice && scanned.count == expected.count, "LIKE scan: \(query.debugDescription)")
            if !expected.isEmpty && expected.count < all.count { selective += 1 }
            let depth = try f.store.read { db in
                try SearchPlanner(for: [expression], tagSearch: mode, scope: scope, db).plan(expression).depth
            }
            if depth > SearchPlanner.maxDepth { deep += 1 }
        }
        #expect(refused < 40, "most random queries are within the bounds: \(refused) refused")
        #expect(deep > 5, "some queries should take the in-memory path")
        #expect(selective > 80, "many queries should split the library")
    }

    @Test func theDeepestPlanSQLRunsCanStillParse() throws {
        let f = try StoreFixture()
        try f.add("https://a.example", title: "swift", tags: ["t"])
        var query = "#t"
        for level in 0..<40 {
            query = level.isMultiple(of: 2) ? "(\(query) or swift or #t)" : "(\(query) #t swift)"
            guard let expression = SearchQuery.parse(query) else { break }
            let depth = try f.store.read { db in try SearchPlanner(for: [expression], tagSearch: .lax, scope: .unarchived, db).plan(expression).depth }
            if depth > SearchPlanner.maxDepth { break }
            #expect(try f.search(query, tagSearch: .lax).count == 1, "depth \(depth)")
            #expect(try f.search("not " + query, tagSearch: .lax).isEmpty, "depth \(depth)")
        }
    }
}

/// Vocabulary with the cases that matter: ASCII case, non-ASCII case, decomposed accents, short words, quotes.
enum RandomLibrary {
    static let words = ["swift", "Swift", "SWIFT", "swiftui", "rust", "Rust", "sw", "s", "wi", "ift", "café", "CAFÉ", "cafe\u{301}",
                        "straße", "STRASSE", "Ärger", "ärger", "quick brown", "brown fox", "o'clock", "say \"hi\"", "a", "ab",
                        "100%", "under_score", "50_50", "x-y", "été", "ÉTÉ", "東京", "🧪test"]
    static let tags = ["swift", "Swift", "rust", "Ärger", "ärger", "selfhosted", "a", "to-read", "東京"]
}

/// A deterministic generator of test data and queries.
struct SeededRandom {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) / 10_000 < p }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func phrase() -> String {
        (0..<below(5)).map { _ in pick(RandomLibrary.words) }.joined(separator: " ")
    }

    mutating func tags() -> [String] {
        var names: [String] = []
        for _ in 0..<below(4) {
            let name = pick(RandomLibrary.tags)
            if !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
        }
        return names
    }

    mutating func leaf() -> String {
        switch below(10) {
        case 0, 1, 2:
            let word = pick(RandomLibrary.words)
            return word.contains(where: { " \"'()#!".contains($0) }) ? quoted(word) : word
        case 3: return quoted(pick(RandomLibrary.words) + " " + pick(RandomLibrary.words))
        case 4, 5: return "#" + pick(RandomLibrary.tags + ["nosuch", "SWIFT", "ÄRGER"])
        case 6: return pick(["!unread", "!untagged", "!foo", "!UNREAD"])
        case 7: return quoted(String(pick(RandomLibrary.words).prefix(2)))
        case 8: return pick(["and", "or", "(", ")", "not"])
        default: return pick(RandomLibrary.tags)
        }
    }

    mutating func quoted(_ text: String) -> String {
        let quote = chance(0.5) ? "\"" : "'"
        return quote + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: quote, with: "\\" + quote) + quote
    }

    mutating func query(depth: Int) -> String {
        guard depth > 0, chance(0.75) else { return leaf() }
        switch below(5) {
        case 0: return "(\(query(depth: depth - 1)) \(query(depth: depth - 1)))"
        case 1: return "(\(query(depth: depth - 1)) AND \(query(depth: depth - 1)))"
        case 2: return "(\(query(depth: depth - 1)) or \(query(depth: depth - 1)) or \(query(depth: depth - 1)))"
        case 3: return "not \(query(depth: depth - 1))"
        default: return "not (\(query(depth: depth - 1)) or \(query(depth: depth - 1)))"
        }
    }
}
