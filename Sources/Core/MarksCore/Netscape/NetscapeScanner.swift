/// A tolerant tokenizer for Netscape bookmark files: start tags with raw attribute values, end tags, text,
/// and the doctype; comments and other declarations are skipped. It never looks back, so any input is
/// scanned in linear time, and it keeps line numbers for problem reports. A quoted attribute value does
/// not run past the end of its line (bookmark files never need that), so one missing quote spoils one tag.
struct NetscapeScanner {
    struct Attribute {
        var name: String
        var value: ArraySlice<UInt8>
    }

    enum Token {
        case start(name: String, attributes: [Attribute], line: Int)
        case end(name: String)
        case text(ArraySlice<UInt8>)
        case doctype(String)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var countedUpTo = 0
    private var countedLines = 1
    /// Problems found while scanning, by line.
    private(set) var problems: [(line: Int, message: String)] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The next token, or nil at the end.
    mutating func next() -> Token? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count else { return text() }
            let following = bytes[index + 1]
            if following == UInt8(ascii: "!") {
                if let doctype = declaration() { return .doctype(doctype) }
            } else if following == UInt8(ascii: "?") {
                index = position(of: UInt8(ascii: ">"), from: index + 2).map { $0 + 1 } ?? bytes.count
            } else if following == UInt8(ascii: "/"), index + 2 < bytes.count, Self.isLetter(bytes[index + 2]) {
                let (name, after) = tagName(from: index + 2)
                index = position(of: UInt8(ascii: ">"), from: after).map { $0 + 1 } ?? bytes.count
                return .end(name: name)
            } else if Self.isLetter(following) {
                return startTag()
            } else {
                return text()
            }
        }
        return nil
    }

    /// The 1-based line of a byte offset; offsets must not decrease between calls.
    mutating func line(at offset: Int) -> Int {
        let end = min(offset, bytes.count)
        while countedUpTo < end {
            let byte = bytes[countedUpTo]
            if byte == 0x0A || (byte == 0x0D && (countedUpTo + 1 >= bytes.count || bytes[countedUpTo + 1] != 0x0A)) {
                countedLines += 1
            }
            countedUpTo += 1
        }
        return countedLines
    }

    // MARK: Pieces

    /// Text up to the next `<` (a `<` that starts no tag is text too).
    private mutating func text() -> Token {
        let start = index
        index = position(of: UInt8(ascii: "<"), from: index + 1) ?? bytes.count
        return .text(bytes[start..<index])
    }

    /// Skips a comment or declaration; returns a Netscape doctype's text.
    private mutating func declaration() -> String? {
        if matches("<!--", at: index) {
            var search = index + 4
            while let dash = position(of: UInt8(ascii: "-"), from: search) {
                if matches("-->", at: dash) {
                    index = dash + 3
                    return nil
                }
                search = dash + 1
            }
            index = bytes.count
            return nil
        }
        let end = position(of: UInt8(ascii: ">"), from: index + 2) ?? bytes.count
        let content = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).uppercased()
        index = min(end + 1, bytes.count)
        return content.hasPrefix("DOCTYPE") && content.contains("NETSCAPE-BOOKMARK-FILE") ? content : nil
    }

    private mutating func startTag() -> Token {
        let tagLine = line(at: index)
        let (name, afterName) = tagName(from: index + 1)
        var position = afterName
        var attributes: [Attribute] = []
        while true {
            position = skipWhitespace(from: position)
            guard position < bytes.count else {
                problems.append((tagLine, "The file ends inside a <\(name)> tag."))
                break
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                position += 1
                continue
            }
            let nameStart = position
            while position < bytes.count, !Self.isWhitespace(bytes[position]),
                  ![UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[position]) {
                position += 1
            }
            guard position > nameStart else {  // a stray "=": skip it
                position += 1
                continue
            }
            let attributeName = String(decoding: bytes[nameStart..<position], as: UTF8.self).lowercased()
            position = skipWhitespace(from: position)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                attributes.append(Attribute(name: attributeName, value: bytes[position..<position]))
                continue
            }
            position = skipWhitespace(from: position + 1)
            guard position < bytes.count else { continue }
            let quote = bytes[position]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                let valueStart = position + 1
                var end = valueStart
                while end < bytes.count, bytes[end] != quote, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                if end < bytes.count, bytes[end] == quote {
                    attributes.append(Attribute(name: attributeName, value: bytes[valueStart..<end]))
                    position = end + 1
                    continue
                }
                // Unclosed quote: the value (and the tag) end at the first ">" on the line, else at the line's end.
                problems.append((line(at: valueStart), "Unclosed quote in the \(attributeName.uppercased()) attribute of <\(name)>."))
                let close = bytes[valueStart..<end].firstIndex(of: UInt8(ascii: ">"))
                attributes.append(Attribute(name: attributeName, value: bytes[valueStart..<(close ?? end)]))
                position = close.map { $0 + 1 } ?? end
                break
            }
            let valueStart = position
            while position < bytes.count, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") { position += 1 }
            attributes.append(Attribute(name: attributeName, value: bytes[valueStart..<position]))
        }
        index = position
        return .start(name: name, attributes: attributes, line: tagLine)
    }

    private func tagName(from start: Int) -> (String, Int) {
        var end = start
        while end < bytes.count, Self.isLetter(bytes[end]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
        return (String(decoding: bytes[start..<end], as: UTF8.self).uppercased(), end)
    }

    private func position(of byte: UInt8, from start: Int) -> Int? {
        var position = start
        while position < bytes.count {
            if bytes[position] == byte { return position }
            position += 1
        }
        return nil
    }

    private func skipWhitespace(from start: Int) -> Int {
        var position = start
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position
    }

    private func matches(_ literal: StaticString, at start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            (0..<count).allSatisfy { bytes[start + $0] == buffer[$0] }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
