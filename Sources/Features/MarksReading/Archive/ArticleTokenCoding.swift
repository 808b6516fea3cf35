import Foundation
import HTMLExtraction

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
        let rows: [[String]] = tokens.map { token in
            switch token {
            case .start(let element, let attributes):
                ["s", element.rawValue] + attributes.flatMap { [$0.name.rawValue, $0.value] }
            case .end(let element):
                ["e", element.rawValue]
            case .text(let text):
                ["t", text]
            }
        }
        return String(decoding: try JSONEncoder().encode(rows), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [ArticleToken] {
        let rows: [[String]]
        do {
            rows = try JSONDecoder().decode([[String]].self, from: Data(text.utf8))
        } catch {
            throw Damaged(reason: "not a token list")
        }
        return try rows.map { row in
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
}
