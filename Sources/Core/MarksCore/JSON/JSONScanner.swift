/// The byte-level pieces of reading JSON (RFC 8259): whitespace, strings with their escapes, the number grammar and
/// the literals, over one UTF-8 buffer by index. Each reader on top decides what a failure means in its own words: the
/// embedded API's `PythonJSONParser` words them as Python does, `BookmarkPageReader` hands the page to `JSONDecoder`.
public struct JSONScanner: Sendable {
    /// Why a string could not be read, and the byte index each reader reports.
    public struct StringFailure: Error, Equatable {
        public enum Kind: Sendable, Equatable {
            /// A byte below 0x20 inside the string; `index` is that byte.
            case controlCharacter
            /// The buffer ended inside the string; `index` is the opening quote.
            case unterminated
            /// A backslash followed by a letter JSON does not know; `index` is the backslash.
            case invalidEscape
            /// `\u` without four hex digits (of the escape itself or of a following low surrogate); `index` is its `u`.
            case invalidUnicodeEscape
            /// The string's bytes are not UTF-8 (only when `validatesUTF8`); `index` is the opening quote.
            case invalidUTF8
        }

        public let kind: Kind
        public let index: Int
    }

    /// The document.
    public let bytes: [UInt8]
    /// Whether strings are checked for valid UTF-8 (a reader that checked the whole buffer first turns this off).
    public let validatesUTF8: Bool

    /// A scanner over `bytes`.
    public init(_ bytes: [UInt8], validatesUTF8: Bool = true) {
        self.bytes = bytes
        self.validatesUTF8 = validatesUTF8
    }

    /// The first index at or after `start` that is not JSON whitespace (space, tab, line feed, carriage return).
    @inline(__always)
    public func skipWhitespace(_ start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }

    /// Whether `word` (ASCII) is at `index`.
    public func matches(_ word: StaticString, at index: Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return true
    }

    /// Whether the byte at `index` is an ASCII digit.
    @inline(__always)
    public func isDigit(at index: Int) -> Bool {
        index < bytes.count && bytes[index] &- UInt8(ascii: "0") < 10
    }

    // MARK: - Numbers

    /// The end of the number at `start` by the grammar `-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?`, and whether it has a
    /// fraction or an exponent; nil when no number starts here. A `.` or an exponent without digits is not taken (the
    /// number ends before it, where the reader finds what does not belong).
    public func number(at start: Int) -> (end: Int, isFloat: Bool)? {
        var index = start
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else if isDigit(at: index) {
            while isDigit(at: index) { index += 1 }
        } else {
            return nil
        }
        var isFloat = false
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), isDigit(at: index + 1) {
            isFloat = true
            index += 2
            while isDigit(at: index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let digitsStart = index
            while isDigit(at: index) { index += 1 }
            if index > digitsStart { isFloat = true } else { index = exponentStart }
        }
        return (index, isFloat)
    }

    /// The integer at `start` when it is one without fraction or exponent and fits an `Int`, and the index after it.
    public func integer(at start: Int) -> (value: Int, end: Int)? {
        guard let (end, isFloat) = number(at: start), !isFloat else { return nil }
        let negative = bytes[start] == UInt8(ascii: "-")
        var value = 0
        for index in (negative ? start + 1 : start)..<end {
            let digit = Int(bytes[index] &- UInt8(ascii: "0"))
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflowA || overflowB { return nil }
            value = next
        }
        return (value, end)
    }

    // MARK: - Strings

    /// The string whose opening quote is at `openingQuote`, the index after its closing quote, and the first lone
    /// surrogate escape it held (written as U+FFFD in the text; a strict reader refuses the string then).
    public func string(openingQuote: Int) throws(StringFailure) -> (text: String, end: Int, loneSurrogate: UInt32?) {
        // The common case: no escape, so the text is the bytes between the quotes.
        let (index, stop, high) = bytes.withUnsafeBufferPointer { buffer -> (Int, UInt8, UInt8) in
            var index = openingQuote + 1
            var high: UInt8 = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte <= 0x1F { return (index, byte, high) }
                high |= byte
                index += 1
            }
            return (index, 0, high)
        }
        guard index < bytes.count else { throw StringFailure(kind: .unterminated, index: openingQuote) }
        if stop == UInt8(ascii: "\"") {
            return (try text(bytes[(openingQuote + 1)..<index], ascii: high < 0x80, openingQuote), index + 1, nil)
        }
        if stop <= 0x1F { throw StringFailure(kind: .controlCharacter, index: index) }
        return try escapedString(openingQuote: openingQuote, firstEscape: index)
    }

    /// The array of strings whose `[` is at `start` (JSON whitespace between its parts) and the index after its `]`;
    /// nil for anything else, a string holding a lone surrogate escape included (a strict reader refuses those).
    public func stringArray(at start: Int) -> (strings: [String], end: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var strings: [String] = []
        var index = skipWhitespace(start + 1)
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return (strings, index + 1) }
        while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let read: (text: String, end: Int, loneSurrogate: UInt32?)
            do {
                read = try string(openingQuote: index)
            } catch {
                return nil  // the caller's own reader decides what a bad string means
            }
            guard read.loneSurrogate == nil else { return nil }
            strings.append(read.text)
            index = skipWhitespace(read.end)
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return (strings, index + 1) }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipWhitespace(index + 1)
        }
        return nil
    }

    private func escapedString(openingQuote: Int, firstEscape: Int) throws(StringFailure) -> (text: String, end: Int, loneSurrogate: UInt32?) {
        var out: [UInt8] = []
        out.reserveCapacity(firstEscape - openingQuote + 16)
        out.append(contentsOf: bytes[(openingQuote + 1)..<firstEscape])
        var surrogate: UInt32?
        var index = firstEscape
        while true {
            let runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
                if byte <= 0x1F { throw StringFailure(kind: .controlCharacter, index: index) }
                index += 1
            }
            guard index < bytes.count else { throw StringFailure(kind: .unterminated, index: openingQuote) }
            if index > runStart { out.append(contentsOf: bytes[runStart..<index]) }
            if bytes[index] == UInt8(ascii: "\"") {
                return (try text(out[...], ascii: false, openingQuote), index + 1, surrogate)
            }
            let escape = index + 1
            guard escape < bytes.count else { throw StringFailure(kind: .unterminated, index: openingQuote) }
            if bytes[escape] != UInt8(ascii: "u") {
                guard let byte = Self.simpleEscape(bytes[escape]) else { throw StringFailure(kind: .invalidEscape, index: index) }
                out.append(byte)
                index = escape + 1
            } else {
                let (value, end) = try unicodeEscape(backslash: index)
                if let scalar = Unicode.Scalar(value) {
                    Self.appendUTF8(scalar, to: &out)
                } else {
                    Self.appendUTF8("\u{FFFD}", to: &out)
                    surrogate = surrogate ?? value
                }
                index = end
            }
        }
    }

    /// The text of a string's bytes, checked as UTF-8 unless plain ASCII or the reader checked the buffer already.
    private func text(_ slice: ArraySlice<UInt8>, ascii: Bool, _ openingQuote: Int) throws(StringFailure) -> String {
        if ascii || !validatesUTF8 { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw StringFailure(kind: .invalidUTF8, index: openingQuote)
        }
        return text
    }

    /// `\uXXXX`, joined with a following `\uXXXX` low surrogate; the code point (a lone surrogate stays one) and the
    /// index after the escape(s).
    private func unicodeEscape(backslash: Int) throws(StringFailure) -> (UInt32, Int) {
        let digitsStart = backslash + 2
        let end = digitsStart + 4
        guard end < bytes.count, let high = hexValue(digitsStart) else {
            throw StringFailure(kind: .invalidUnicodeEscape, index: backslash + 1)
        }
        var value = high
        var after = end
        if (0xD800...0xDBFF).contains(high), end + 6 < bytes.count, bytes[end] == UInt8(ascii: "\\"),
           bytes[end + 1] == UInt8(ascii: "u") {
            guard let low = hexValue(end + 2) else { throw StringFailure(kind: .invalidUnicodeEscape, index: end + 1) }
            if (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                after = end + 6
            }
        }
        return (value, after)
    }

    private func hexValue(_ start: Int) -> UInt32? {
        var value: UInt32 = 0
        for index in start..<(start + 4) {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    private static func simpleEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    private static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        UTF8.encode(scalar) { out.append($0) }
    }

    // MARK: - Skipping

    /// The index after the value at `start`, checked but not built (any JSON value, nesting at most `maxDepth`); nil
    /// when no valid value starts here.
    public func skipValue(at start: Int, maxDepth: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            do {
                return try string(openingQuote: start).end
            } catch {
                return nil  // the caller only asks whether a value is here
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard maxDepth > 0 else { return nil }
            let isObject = bytes[start] == UInt8(ascii: "{")
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            var index = skipWhitespace(start + 1)
            if index < bytes.count, bytes[index] == close { return index + 1 }
            while true {
                if isObject {
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let afterKey = skipValue(at: index, maxDepth: 0) else {
                        return nil
                    }
                    index = skipWhitespace(afterKey)
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index = skipWhitespace(index + 1)
                }
                guard let after = skipValue(at: index, maxDepth: maxDepth - 1) else { return nil }
                index = skipWhitespace(after)
                guard index < bytes.count else { return nil }
                if bytes[index] == close { return index + 1 }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index = skipWhitespace(index + 1)
            }
        case UInt8(ascii: "t"): return matches("true", at: start) ? start + 4 : nil
        case UInt8(ascii: "f"): return matches("false", at: start) ? start + 5 : nil
        case UInt8(ascii: "n"): return matches("null", at: start) ? start + 4 : nil
        default: return number(at: start)?.end
        }
    }
}
