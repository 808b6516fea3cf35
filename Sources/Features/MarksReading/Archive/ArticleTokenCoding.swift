import Foundation
import HTMLExtraction
import MarksCore

/// The archive's text form of article tokens: a JSON array of string arrays — `["s", element, name, value, …]` for
/// a start, `["e", element]` for an end, `["t", text]` for text. Decoding checks every element and attribute
/// against the allow-lists again, so a damaged or edited row cannot smuggle markup into the reader.
enum ArticleTokenCoding {
    /// A stored value that is not a token list.
    struct Damaged: Error, CustomStringConvertible {
        var reason: String
        var description: String { "The archived text is damaged (\(reason)); fetch the page again with marks archive-text --all." }
    }

    static func encode(_ tokens: [ArticleToken]) throws -> String {
        String(decoding: try JSONEncoder().encode(rows(of: tokens)), as: UTF8.self)
    }

    /// The tokens as string arrays (what `encode` writes as JSON; the Marks export holds them so).
    static func rows(of tokens: [ArticleToken]) -> [[String]] {
        tokens.map { token in
            switch token {
            case .start(let element, let attributes):
                ["s", element.rawValue] + attributes.flatMap { [$0.name.rawValue, $0.value] }
            case .end(let element):
                ["e", element.rawValue]
            case .text(let text):
                ["t", text]
            }
        }
    }

    static func decode(_ text: String) throws -> [ArticleToken] {
        try decode(rows: rows(text))
    }

    /// Tokens from string arrays, each element and attribute checked against the allow-lists.
    static func decode(rows: [[String]]) throws -> [ArticleToken] {
        try rows.map { row in
            guard let tag = row.first, row.count >= 2 else { throw Damaged(reason: "an empty token") }
            switch tag {
            case "t":
                return .text(row[1])
            case "e":
                guard let element = ArticleElement(rawValue: row[1]) else { throw Damaged(reason: "element \(row[1].prefix(20))") }
                return .end(element)
            case "s":
                guard let element = ArticleElement(rawValue: row[1]), row.count % 2 == 0 else {
                    throw Damaged(reason: "element \(row[1].prefix(20))")
                }
                var attributes: [ArticleAttribute] = []
                var index = 2
                while index + 1 < row.count {
                    guard let name = ArticleAttribute.Name(rawValue: row[index]) else { throw Damaged(reason: "attribute \(row[index].prefix(20))") }
                    attributes.append(ArticleAttribute(name, row[index + 1]))
                    index += 2
                }
                return .start(element, attributes)
            default:
                throw Damaged(reason: "token kind \(tag.prefix(5))")
            }
        }
    }

    /// The string arrays of the stored JSON, read by `JSONScanner` (MarksCore's one JSON byte reader; `JSONDecoder`
    /// took ~20 ms for a 10,000-word article's ~150 KB, most of the reader page's time).
    private static func rows(_ text: String) throws -> [[String]] {
        let scanner = JSONScanner(Array(text.utf8), validatesUTF8: false)  // a Swift string is valid UTF-8
        let bytes = scanner.bytes
        var index = scanner.skipWhitespace(0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw Damaged(reason: "not a token list") }
        var rows: [[String]] = []
        index = scanner.skipWhitespace(index + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                guard let row = scanner.stringArray(at: index) else { throw Damaged(reason: "not a token list") }
                rows.append(row.strings)
                index = scanner.skipWhitespace(row.end)
                guard index < bytes.count else { throw Damaged(reason: "not a token list") }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    break
                }
                guard bytes[index] == UInt8(ascii: ",") else { throw Damaged(reason: "not a token list") }
                index = scanner.skipWhitespace(index + 1)
            }
        }
        guard scanner.skipWhitespace(index) == bytes.count else { throw Damaged(reason: "not a token list") }
        return rows
    }
}
