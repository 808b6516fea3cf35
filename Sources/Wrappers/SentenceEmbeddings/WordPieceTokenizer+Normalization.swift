import Foundation

/// BERT's basic tokenizer, streamed: text is cleaned scalar by scalar and cut at whitespace into runs;
/// each run is spaced around CJK ideographs, NFD-decomposed with nonspacing marks dropped,
/// lower-cased, and split into words at punctuation. This matches the reference pipeline because
/// whitespace and the inserted spaces are starters, so decomposition never reaches across them.
///
/// The reference takes general categories (control, punctuation, nonspacing mark) from Unicode 8.0
/// tables, so a character assigned later counts as unassigned there: it is kept, not split off and not
/// stripped. `knownToReference` reproduces that; whitespace, NFD and case mappings are current in both.
extension WordPieceTokenizer {
    /// Calls `body` with each pre-tokenised word of `text` until it returns false.
    static func forEachWord(in text: String, _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Bool) {
        var splitter = WordSplitter()
        var run: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            switch classify(scalar) {
            case .dropped:
                continue
            case .whitespace:
                if !run.isEmpty {
                    guard splitter.split(run, body) else { return }
                    run.removeAll(keepingCapacity: true)
                }
            case .kept:
                run.append(scalar)
            }
        }
        if !run.isEmpty { _ = splitter.split(run, body) }
    }

    private enum CleanClass { case dropped, whitespace, kept }

    /// The reference's clean-up: NUL, U+FFFD and control/format/private-use characters are dropped
    /// (tab, newline and carriage return count as whitespace); White_Space characters become spaces.
    private static func classify(_ scalar: Unicode.Scalar) -> CleanClass {
        let value = scalar.value
        if value < 0x80 {
            switch value {
            case 0x09, 0x0A, 0x0D, 0x20: return .whitespace
            case 0x00..<0x20, 0x7F: return .dropped
            default: return .kept
            }
        }
        if value == 0xFFFD { return .dropped }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .control, .format, .privateUse, .surrogate:
            if knownToReference(scalar) { return .dropped }
        default:
            break
        }
        return properties.isWhitespace ? .whitespace : .kept
    }

    /// CJK ideographs get spaces around them (the reference tokenizer's ranges).
    static func isChineseCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
             0x2B740...0x2B81F, 0x2B920...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// ASCII punctuation (including symbols such as `$`, `+`, `^`) and every Unicode P* category.
    static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x21...0x2F).contains(value) || (0x3A...0x40).contains(value)
                || (0x5B...0x60).contains(value) || (0x7B...0x7E).contains(value)
        }
        // Punctuation (Po) in Unicode 8.0, a symbol (So) since Unicode 12.
        if value == 0x166D { return true }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return knownToReference(scalar)
        default:
            return false
        }
    }

    /// A nonspacing mark the reference strips after decomposition.
    static func isStrippedMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .nonspacingMark && knownToReference(scalar)
    }

    /// True when `scalar` was assigned by Unicode 8.0, the version of the reference's category tables.
    static func knownToReference(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return age.major < 8 || (age.major == 8 && age.minor == 0)
    }
}

/// Scratch state for turning whitespace-free runs into words, reused across runs of one text.
private struct WordSplitter {
    private var segment: [Unicode.Scalar] = []
    private var normalized: [Unicode.Scalar] = []
    private var word: [Unicode.Scalar] = []

    /// Emits the words of one run; false when `body` asked to stop.
    mutating func split(_ run: [Unicode.Scalar], _ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Bool) -> Bool {
        segment.removeAll(keepingCapacity: true)
        for scalar in run {
            if WordPieceTokenizer.isChineseCharacter(scalar.value) {
                guard emitSegment(body) else { return false }
                segment.append(scalar)
                guard emitSegment(body) else { return false }
            } else {
                segment.append(scalar)
            }
        }
        return emitSegment(body)
    }

    /// Normalises the pending segment and emits its words.
    private mutating func emitSegment(_ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Bool) -> Bool {
        guard !segment.isEmpty else { return true }
        defer { segment.removeAll(keepingCapacity: true) }
        normalize()
        word.removeAll(keepingCapacity: true)
        for scalar in normalized {
            if scalar.properties.isWhitespace {
                guard emitWord(body) else { return false }
            } else if WordPieceTokenizer.isPunctuation(scalar) {
                guard emitWord(body) else { return false }
                word.append(scalar)
                guard emitWord(body) else { return false }
            } else {
                word.append(scalar)
            }
        }
        return emitWord(body)
    }

    private mutating func emitWord(_ body: (UnsafeBufferPointer<Unicode.Scalar>) -> Bool) -> Bool {
        guard !word.isEmpty else { return true }
        defer { word.removeAll(keepingCapacity: true) }
        return word.withUnsafeBufferPointer(body)
    }

    /// NFD, drop nonspacing marks, lower-case (full Unicode mappings); ASCII takes a fast path.
    private mutating func normalize() {
        normalized.removeAll(keepingCapacity: true)
        if segment.allSatisfy(\.isASCII) {
            for scalar in segment {
                let value = scalar.value
                normalized.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            }
            return
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: segment)
        for scalar in String(text).decomposedStringWithCanonicalMapping.unicodeScalars
        where !WordPieceTokenizer.isStrippedMark(scalar) {
            if scalar.isASCII || !scalar.properties.changesWhenLowercased {
                let value = scalar.value
                normalized.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else {
                normalized.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
    }
}
