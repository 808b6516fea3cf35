import Foundation

/// Tag-name cleaning as linkding does it for `tag_names`: ends trimmed, inner white space becomes `-`,
/// a comma splits one entry into several, case-insensitive duplicates collapse to the first spelling, `#` is kept.
public enum TagNames {
    /// A blank entry in a tag list, by its index (linkding answers 400 `{"tag_names": {"i": [...]}}`).
    public struct BlankEntry: Error, Equatable, Sendable {
        public let index: Int
    }

    /// Cleans the entries of a `tag_names` list; throws `BlankEntry` for an entry that is empty or only white space.
    public static func clean(_ entries: [String]) throws -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        for (index, entry) in entries.enumerated() {
            if entry.allSatisfy(\.isWhitespace) { throw BlankEntry(index: index) }
            for name in split(entry) where seen.insert(name.lowercased()).inserted {
                result.append(name)
            }
        }
        return result
    }

    /// Parses what a person typed into a tag field: names separated by commas (or white space when
    /// `spaceSeparates`), cleaned, blanks dropped.
    public static func parse(_ input: String, spaceSeparates: Bool = false) -> [String] {
        if let names = plainASCII(input) { return names }
        let pieces = spaceSeparates ? input.split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init) : [input]
        var result: [String] = []
        var seen = Set<String>()
        for piece in pieces {
            for name in split(piece) where seen.insert(name.lowercased()).inserted {
                result.append(name)
            }
        }
        return result
    }

    /// Sorts names as linkding returns them: case-sensitively by Unicode code points.
    public static func sorted(_ names: [String]) -> [String] {
        // UTF-8 orders as the code points do, so the bytes are compared (no array of scalars per comparison).
        guard names.count > 1 else { return names }
        return names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `parse` of ASCII without white space by bytes (a file's `TAGS="a,b"`: each byte is one character there),
    /// or nil for anything else.
    private static func plainASCII(_ input: String) -> [String]? {
        guard input.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        var result: [String] = []
        var seen = Set<String>()
        for name in input.utf8.split(separator: UInt8(ascii: ",")) {
            if seen.insert(String(decoding: name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)).inserted {
                result.append(String(decoding: name, as: UTF8.self))
            }
        }
        return result
    }

    private static func split(_ entry: String) -> [String] {
        entry.split(separator: ",").compactMap { part in
            let words = part.split(whereSeparator: \.isWhitespace)
            return words.isEmpty ? nil : words.joined(separator: "-")
        }
    }
}
