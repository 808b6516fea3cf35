/// The state machine behind `RTFText`.
struct RTFReader {
    private struct Group {
        var skipping = false
        var unicodeFallbackLength = 1
        /// Text goes to the enclosing field's instruction instead of the output.
        var inFieldInstruction = false
        /// Index into `fields` when this group opened a `\field`.
        var ownsField: Int?
    }

    private struct Field {
        var instruction: [UInt8] = []
        var resultStart: Int?
    }

    let bytes: [UInt8]
    private(set) var output: [UInt8] = []
    private(set) var hyperlinks: [RTFText.Hyperlink] = []
    private var groups: [Group] = [Group()]
    private var flattenedDepth = 0
    private var fields: [Field] = []
    private var index = 0
    private var fallbackToSkip = 0
    private var ignorableDestination = false
    private var pendingHighSurrogate: UInt32?

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"): openGroup()
            case UInt8(ascii: "}"): closeGroup()
            case UInt8(ascii: "\\"): readControl()
            case 0x0D, 0x0A: break
            case 0x09: emitText(Unicode.Scalar(0x09))
            case 0x00..<0x20, 0x7F: break
            case 0x80...0xFF: emitText(readRawHighByte(byte))
            default: emitText(Unicode.Scalar(byte))
            }
        }
        while groups.count > 1 { closeGroup() }
    }

    // MARK: Groups

    private mutating func openGroup() {
        fallbackToSkip = 0
        ignorableDestination = false
        guard groups.count < RTFText.maximumDepth else {
            flattenedDepth += 1
            return
        }
        var group = groups[groups.count - 1]
        group.ownsField = nil
        groups.append(group)
    }

    private mutating func closeGroup() {
        fallbackToSkip = 0
        ignorableDestination = false
        if flattenedDepth > 0 {
            flattenedDepth -= 1
            return
        }
        guard groups.count > 1, let closed = groups.popLast() else { return }
        if let fieldIndex = closed.ownsField, !closed.skipping { finishField(fieldIndex) }
    }

    private var current: Group {
        get { groups[groups.count - 1] }
        set { groups[groups.count - 1] = newValue }
    }

    /// A raw byte above 0x7F: the spec says code page, but RTF made from a Swift string carries UTF-8,
    /// so a valid UTF-8 sequence is read as one.
    private mutating func readRawHighByte(_ lead: UInt8) -> Unicode.Scalar {
        let length = lead >= 0xF0 ? 4 : (lead >= 0xE0 ? 3 : (lead >= 0xC2 ? 2 : 0))
        let start = index - 1
        if length > 0, start + length <= bytes.count {
            let sequence = bytes[start..<(start + length)]
            if sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) {
                var decoded = String(decoding: sequence, as: UTF8.self).unicodeScalars.makeIterator()
                if let scalar = decoded.next(), scalar != "\u{FFFD}", decoded.next() == nil {
                    index = start + length
                    return scalar
                }
            }
        }
        return RTFCodePage.scalar(forByte: lead)
    }

    // MARK: Control words and symbols

    private mutating func readControl() {
        guard index < bytes.count else { return }
        let first = bytes[index]
        guard Self.isLetter(first) else {
            index += 1
            readSymbol(first)
            return
        }
        let nameStart = index
        while index < bytes.count, Self.isLetter(bytes[index]), index - nameStart < 32 { index += 1 }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        var parameter: Int?
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let digitsStart = index
        while index < bytes.count, Self.isDigit(bytes[index]), index - digitsStart < 10 { index += 1 }
        if index > digitsStart {
            let value = bytes[digitsStart..<index].reduce(0) { $0 * 10 + Int($1 - 0x30) }
            parameter = negative ? -value : value
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        handleWord(name, parameter: parameter)
    }

    private mutating func readSymbol(_ symbol: UInt8) {
        switch symbol {
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): emitText(Unicode.Scalar(symbol))
        case UInt8(ascii: "'"): readHexByte()
        case UInt8(ascii: "*"): ignorableDestination = true
        case UInt8(ascii: "~"): emitText(Unicode.Scalar(0xA0))
        case UInt8(ascii: "_"): emitText("-")
        case 0x0A, 0x0D: emitText("\n")
        case UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "|"): break
        default: break
        }
    }

    private mutating func readHexByte() {
        guard index + 1 < bytes.count, let high = Self.hexValue(bytes[index]), let low = Self.hexValue(bytes[index + 1]) else {
            return
        }
        index += 2
        if fallbackToSkip > 0 {
            fallbackToSkip -= 1
            return
        }
        emitScalar(RTFCodePage.scalar(forByte: high << 4 | low))
    }

    private mutating func handleWord(_ word: String, parameter: Int?) {
        let wasIgnorable = ignorableDestination
        ignorableDestination = false
        if word == "u" {
            handleUnicode(parameter ?? 0)
            return
        }
        fallbackToSkip = 0
        if word == "bin" {
            index += min(max(parameter ?? 0, 0), bytes.count - index)
            return
        }
        if RTFVocabulary.skippedDestinations.contains(word) {
            current.skipping = true
            return
        }
        switch word {
        case "field":
            fields.append(Field())
            current.ownsField = fields.count - 1
        case "fldinst":
            current.inFieldInstruction = true
        case "fldrslt":
            current.inFieldInstruction = false
            if let fieldIndex = openFieldIndex, fields[fieldIndex].resultStart == nil { fields[fieldIndex].resultStart = output.count }
        case "uc":
            current.unicodeFallbackLength = min(max(parameter ?? 1, 0), 16)
        default:
            if wasIgnorable {
                current.skipping = true
            } else if let replacement = RTFVocabulary.replacements[word] {
                emitText(replacement)
            }
        }
    }

    private mutating func handleUnicode(_ parameter: Int) {
        var value = parameter
        if value < 0 { value += 65_536 }
        let unit = UInt32(truncatingIfNeeded: max(0, min(value, 0xFFFF)))
        defer { fallbackToSkip = current.unicodeFallbackLength }
        if (0xD800...0xDBFF).contains(unit) {
            pendingHighSurrogate = unit
            return
        }
        if (0xDC00...0xDFFF).contains(unit) {
            if let high = pendingHighSurrogate {
                pendingHighSurrogate = nil
                let combined = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                emitScalar(Unicode.Scalar(combined) ?? "\u{FFFD}")
            } else {
                emitScalar("\u{FFFD}")
            }
            return
        }
        emitScalar(Unicode.Scalar(unit) ?? "\u{FFFD}")
    }

    // MARK: Output

    /// Plain text from the document: counts against a pending `\uN` fallback first.
    private mutating func emitText(_ scalar: Unicode.Scalar) {
        if fallbackToSkip > 0 {
            fallbackToSkip -= 1
            return
        }
        emitScalar(scalar)
    }

    private mutating func emitScalar(_ scalar: Unicode.Scalar) {
        if pendingHighSurrogate != nil {
            pendingHighSurrogate = nil
            appendScalar("\u{FFFD}")
        }
        appendScalar(scalar)
    }

    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        let group = current
        if group.skipping { return }
        if group.inFieldInstruction {
            if let fieldIndex = openFieldIndex, fields[fieldIndex].instruction.count < 4096 {
                fields[fieldIndex].instruction.append(contentsOf: scalar.utf8)
            }
            return
        }
        output.append(contentsOf: scalar.utf8)
    }

    /// The innermost field whose group is still open.
    private var openFieldIndex: Int? {
        groups.last(where: { $0.ownsField != nil })?.ownsField
    }

    private mutating func finishField(_ fieldIndex: Int) {
        guard fieldIndex < fields.count else { return }
        let field = fields[fieldIndex]
        guard let target = RTFVocabulary.hyperlinkTarget(in: String(decoding: field.instruction, as: UTF8.self)) else { return }
        let start = min(field.resultStart ?? output.count, output.count)
        let text = String(decoding: output[start...], as: UTF8.self)
        hyperlinks.append(RTFText.Hyperlink(target: target, text: text, offset: start))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x61...0x66: byte - 0x61 + 10
        case 0x41...0x46: byte - 0x41 + 10
        default: nil
        }
    }
}
