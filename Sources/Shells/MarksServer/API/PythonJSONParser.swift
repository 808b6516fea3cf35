import Foundation
import MarksCore

/// Reads a JSON body the way linkding's Django REST framework does (Python 3.13's `json` module, strict about
/// `NaN`/`Infinity`), and fails with Python's own words and positions, so a client sees the same
/// `JSON parse error - Expecting value: line 1 column 1 (char 0)` it would get from linkding.
struct PythonJSONParser {
    /// Why the body is not JSON, worded as Python words it (without DRF's `JSON parse error - ` prefix).
    struct Failure: Error, Equatable {
        let message: String
    }

    /// Deeper nesting is refused (Python gives up with a RecursionError at about this depth).
    static let maxDepth = 500
    /// Python refuses to convert integers with more digits than this (`sys.get_int_max_str_digits()`).
    static let maxIntegerDigits = 4300

    private let scanner: JSONScanner
    private var bytes: [UInt8] { scanner.bytes }
    private var depth = 0

    /// The body was checked as UTF-8 before, so the scanner need not check each string.
    private init(bytes: [UInt8]) {
        scanner = JSONScanner(bytes, validatesUTF8: false)
    }

    /// The value of a whole body.
    static func parse(_ data: Data) throws(Failure) -> ParsedJSON {
        let bytes = [UInt8](data)
        if let problem = UTF8Check.firstProblem(in: bytes) { throw Failure(message: problem) }
        var parser = PythonJSONParser(bytes: bytes)
        return try parser.document()
    }

    private mutating func document() throws(Failure) -> ParsedJSON {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw failure("Unexpected UTF-8 BOM (decode using utf-8-sig)", at: 0) }
        let start = skipWhitespace(0)
        guard let (value, end) = try scanValue(at: start) else { throw failure("Expecting value", at: start) }
        let rest = skipWhitespace(end)
        if rest != bytes.count { throw failure("Extra data", at: rest) }
        return value
    }

    // MARK: - Values

    /// The value starting at `index` and the index after it; nil where Python's scanner stops (`StopIteration`).
    private mutating func scanValue(at index: Int) throws(Failure) -> (ParsedJSON, Int)? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""):
            let (text, end, surrogate) = try scanString(openingQuote: index)
            return (surrogate.map { .surrogateString(text, firstSurrogate: $0) } ?? .string(text), end)
        case UInt8(ascii: "{"):
            return try nested(isObject: true) { (parser: inout PythonJSONParser) throws(Failure) in try parser.scanObject(at: index) }
        case UInt8(ascii: "["):
            return try nested(isObject: false) { (parser: inout PythonJSONParser) throws(Failure) in try parser.scanArray(at: index) }
        case UInt8(ascii: "n") where matches("null", at: index): return (.null, index + 4)
        case UInt8(ascii: "t") where matches("true", at: index): return (.bool(true), index + 4)
        case UInt8(ascii: "f") where matches("false", at: index): return (.bool(false), index + 5)
        case UInt8(ascii: "N") where matches("NaN", at: index): throw Self.outOfRange("NaN")
        case UInt8(ascii: "I") where matches("Infinity", at: index): throw Self.outOfRange("Infinity")
        case UInt8(ascii: "-") where matches("-Infinity", at: index): throw Self.outOfRange("-Infinity")
        default: return try scanNumber(at: index)
        }
    }

    private mutating func nested(
        isObject: Bool, _ body: (inout PythonJSONParser) throws(Failure) -> (ParsedJSON, Int)
    ) throws(Failure) -> (ParsedJSON, Int) {
        guard depth < Self.maxDepth else {
            throw Failure(message: "maximum recursion depth exceeded while decoding a JSON \(isObject ? "object" : "array") from a unicode string")
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    private mutating func scanObject(at open: Int) throws(Failure) -> (ParsedJSON, Int) {
        var fields: [(String, ParsedJSON)] = []
        var positions: [String: Int] = [:]
        var index = skipWhitespace(open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return (.object([]), index + 1) }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("Expecting property name enclosed in double quotes", at: index)
            }
            let (key, afterKey, _) = try scanString(openingQuote: index)
            index = skipWhitespace(afterKey)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("Expecting ':' delimiter", at: index) }
            index = skipWhitespace(index + 1)
            guard let (value, afterValue) = try scanValue(at: index) else { throw failure("Expecting value", at: index) }
            if let position = positions[key] {
                fields[position].1 = value  // a Python dict keeps the first position and the last value
            } else {
                positions[key] = fields.count
                fields.append((key, value))
            }
            index = skipWhitespace(afterValue)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return (.object(fields), index + 1) }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { throw failure("Expecting ',' delimiter", at: index) }
            let comma = index
            index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                throw failure("Illegal trailing comma before end of object", at: comma)
            }
        }
    }

    private mutating func scanArray(at open: Int) throws(Failure) -> (ParsedJSON, Int) {
        var items: [ParsedJSON] = []
        var index = skipWhitespace(open + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return (.array([]), index + 1) }
        while true {
            // At the end of the document too: Python's scanner stops there and reports "Expecting value" at the end.
            guard let (value, afterValue) = try scanValue(at: index) else { throw failure("Expecting value", at: index) }
            items.append(value)
            index = skipWhitespace(afterValue)
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return (.array(items), index + 1) }
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { throw failure("Expecting ',' delimiter", at: index) }
            let comma = index
            index = skipWhitespace(index + 1)
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                throw failure("Illegal trailing comma before end of array", at: comma)
            }
        }
    }

    /// Python's number pattern `-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?`; nil when no number starts here.
    private func scanNumber(at start: Int) throws(Failure) -> (ParsedJSON, Int)? {
        guard let (index, isFloat) = scanner.number(at: start) else { return nil }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isFloat {
            return (.float(Double(text) ?? .nan), index)
        }
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        if digits.count > Self.maxIntegerDigits {
            throw Failure(message: "Exceeds the limit (\(Self.maxIntegerDigits) digits) for integer string conversion: value has \(digits.count) digits; use sys.set_int_max_str_digits() to increase the limit")
        }
        return (.integer(negative && digits != "0" ? "-" + digits : digits), index)
    }

    // MARK: - Strings

    /// The string whose opening quote is at `openingQuote`, the index after its closing quote, and the first lone
    /// surrogate it held (kept as U+FFFD in the text).
    private func scanString(openingQuote: Int) throws(Failure) -> (String, Int, UInt32?) {
        do throws(JSONScanner.StringFailure) {
            return try scanner.string(openingQuote: openingQuote)
        } catch {
            switch error.kind {
            case .controlCharacter: throw failure("Invalid control character at", at: error.index)
            case .unterminated, .invalidUTF8: throw failure("Unterminated string starting at", at: error.index)
            case .invalidEscape: throw failure("Invalid \\escape", at: error.index)
            case .invalidUnicodeEscape: throw failure("Invalid \\uXXXX escape", at: error.index)
            }
        }
    }

    // MARK: - Helpers

    private func skipWhitespace(_ start: Int) -> Int { scanner.skipWhitespace(start) }

    private func matches(_ word: StaticString, at index: Int) -> Bool { scanner.matches(word, at: index) }

    private static func outOfRange(_ constant: String) -> Failure {
        Failure(message: "Out of range float values are not JSON compliant: '\(constant)'")
    }

    /// Python's `JSONDecodeError` text: positions count characters (code points), lines and columns from 1.
    private func failure(_ message: String, at byteIndex: Int) -> Failure {
        let clamped = min(max(0, byteIndex), bytes.count)
        var characters = 0
        var lastNewline: Int?
        var lines = 1
        for byte in bytes[0..<clamped] where byte & 0xC0 != 0x80 {
            if byte == 0x0A {
                lines += 1
                lastNewline = characters
            }
            characters += 1
        }
        let column = lastNewline.map { characters - $0 } ?? characters + 1
        return Failure(message: "\(message): line \(lines) column \(column) (char \(characters))")
    }
}
