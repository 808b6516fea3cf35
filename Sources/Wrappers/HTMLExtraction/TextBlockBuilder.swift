/// Accumulates text-node bytes into blocks, collapsing every run of whitespace (ASCII and Unicode
/// spaces) to one space and dropping invisible characters (zero-width space, soft hyphen, BOM).
/// Works on bytes in one pass, so a 5 MB text node costs milliseconds.
struct TextBlockBuilder {
    private(set) var blocks: [TextBlock] = []
    private var current: [UInt8] = []
    private var currentLinkBytes = 0
    private var pendingSpace = false
    /// Nesting depth of links; text appended while > 0 counts as link text.
    var linkDepth = 0
    /// Nesting depth of `<pre>`; newlines inside break blocks instead of collapsing.
    var preformattedDepth = 0
    /// The kind given to the block being built.
    var kind: TextBlock.Kind = .paragraph

    /// Appends a text node's bytes.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == 0x0A && preformattedDepth > 0 {
                    breakBlock()
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C {
                    pendingSpace = !current.isEmpty
                } else if byte >= 0x20 && byte != 0x7F {
                    emit(byte)
                }
                index += 1
                continue
            }
            let length = Self.sequenceLength(byte)
            guard index + length <= count, length > 1 else {
                index += 1 // a stray continuation byte: libxml2 hands out UTF-8, so this is only defensive
                continue
            }
            switch Self.classify(bytes, at: index, length: length) {
            case .space: pendingSpace = !current.isEmpty
            case .invisible: break
            case .visible:
                for offset in 0..<length { emit(bytes[index + offset], continuing: offset > 0) }
            }
            index += length
        }
    }

    /// Appends a Swift string (used for synthetic text such as a single space).
    mutating func append(_ string: String) {
        var copy = string
        copy.withUTF8 { append($0) }
    }

    /// Marks a word boundary without adding visible text (table cells, inline breaks).
    mutating func softBreak() {
        pendingSpace = !current.isEmpty
    }

    /// Ends the current block, if it has any text.
    mutating func breakBlock() {
        pendingSpace = false
        guard !current.isEmpty else { return }
        let text = String(decoding: current, as: UTF8.self)
        blocks.append(TextBlock(text: text, kind: kind, linkBytes: currentLinkBytes, byteCount: current.count))
        current.removeAll(keepingCapacity: true)
        currentLinkBytes = 0
    }

    /// Ends the current block and returns all blocks.
    mutating func finish() -> [TextBlock] {
        breakBlock()
        return blocks
    }

    private mutating func emit(_ byte: UInt8, continuing: Bool = false) {
        if pendingSpace && !continuing {
            current.append(0x20)
            if linkDepth > 0 { currentLinkBytes += 1 }
        }
        pendingSpace = false
        current.append(byte)
        if linkDepth > 0 { currentLinkBytes += 1 }
    }

    private enum ScalarClass { case space, invisible, visible }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        if lead & 0xE0 == 0xC0 { return 2 }
        if lead & 0xF0 == 0xE0 { return 3 }
        if lead & 0xF8 == 0xF0 { return 4 }
        return 1
    }

    /// Classifies the multi-byte sequence at `index`: Unicode white space, invisible format
    /// characters we drop, or visible text.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, length: Int) -> ScalarClass {
        let b0 = bytes[index], b1 = bytes[index + 1]
        if length == 2 {
            if b0 == 0xC2 && b1 == 0xA0 { return .space } // U+00A0 no-break space
            if b0 == 0xC2 && b1 == 0xAD { return .invisible } // U+00AD soft hyphen
            if b0 == 0xC2 && b1 == 0x85 { return .space } // U+0085 next line
            return .visible
        }
        guard length == 3 else { return .visible }
        let b2 = bytes[index + 2]
        switch (b0, b1) {
        case (0xE2, 0x80):
            if b2 >= 0x80 && b2 <= 0x8A { return .space } // U+2000...U+200A
            if b2 == 0x8B { return .invisible } // U+200B zero-width space
            if b2 == 0xA8 || b2 == 0xA9 || b2 == 0xAF { return .space } // U+2028, U+2029, U+202F
            return .visible
        case (0xE2, 0x81):
            if b2 == 0x9F { return .space } // U+205F
            if b2 == 0xA0 { return .invisible } // U+2060 word joiner
            return .visible
        case (0xE3, 0x80): return b2 == 0x80 ? .space : .visible // U+3000
        case (0xE1, 0x9A): return b2 == 0x80 ? .space : .visible // U+1680
        case (0xEF, 0xBB): return b2 == 0xBF ? .invisible : .visible // U+FEFF
        default: return .visible
        }
    }
}
