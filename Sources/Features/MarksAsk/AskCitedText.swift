import Foundation

/// A model's answer read as sentences and the `[n]` markers each carries, for checking that every sentence
/// cites a passage that was retrieved. A segment that ends in an abbreviation ("e.g.") runs on into the next.
enum AskCitedText {
    /// What a model's answer is.
    enum Verdict: Equatable {
        /// Sentences that each cite only retrieved passages.
        case cited([AskAnswer.Sentence])
        /// The model said the library does not hold the answer.
        case notFound
        /// Why the answer is refused, in words the model is told when re-asked.
        case rejected(String)
    }

    /// The verdict on a whole answer, given that passages 1…`retrieved` were returned.
    static func check(_ text: String, retrieved: Int) -> Verdict {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.lowercased().hasPrefix("i couldn't find that") || trimmed.lowercased().hasPrefix("i could not find that") {
            return .notFound
        }
        let sentences = split(text, final: true).sentences
        guard !sentences.isEmpty else { return .rejected("the answer is empty") }
        for sentence in sentences {
            if let problem = problem(sentence, retrieved: retrieved) { return .rejected(problem) }
        }
        return .cited(sentences)
    }

    /// Why a sentence may not stand, or nil when it cites only retrieved passages.
    static func problem(_ sentence: AskAnswer.Sentence, retrieved: Int) -> String? {
        let quoted = "“" + String(sentence.text.prefix(80)) + "”"
        guard !sentence.citations.isEmpty else { return "the sentence \(quoted) cites no passage" }
        if let stray = sentence.citations.first(where: { !(1...max(1, retrieved)).contains($0) || retrieved == 0 }) {
            return "the sentence \(quoted) cites [\(stray)], which no search returned"
        }
        return nil
    }

    /// The complete sentences of `text` and how many characters they take; unless `final`, a sentence counts as
    /// complete only once the next one has begun (its markers may still be arriving).
    static func split(_ text: String, final: Bool) -> (sentences: [AskAnswer.Sentence], consumed: Int) {
        let chars = Array(text)
        let count = chars.count
        var segments: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < count {
            let char = chars[index]
            if char == "\n" {
                segments.append(start..<index)
                start = index + 1
                index += 1
                continue
            }
            guard char == "." || char == "!" || char == "?" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, "\"'”’)*_".contains(chars[end]) { end += 1 }
            while true {
                var next = end
                while next < count, chars[next] == " " { next += 1 }
                guard next < count, chars[next] == "[", let close = markerEnd(chars, from: next) else { break }
                end = close + 1
            }
            if end == count {
                if final { segments.append(start..<count); start = count }
                break
            }
            guard chars[end].isWhitespace else {
                index = end  // "3.5", "a.b": not the end of a sentence
                continue
            }
            var next = end
            while next < count, chars[next].isWhitespace { next += 1 }
            if !final, next == count || chars[next] == "[" { break }  // markers may still follow
            segments.append(start..<end)
            start = end
            index = end
        }
        if final, start < count {
            segments.append(start..<count)
            start = count
        }
        var sentences: [AskAnswer.Sentence] = []
        var pending = ""
        var consumed = 0
        for segment in segments {
            let raw = pending + String(chars[segment])
            let sentence = cited(raw)
            if sentence.citations.isEmpty, endsInAbbreviation(sentence.text), segment.upperBound < count {
                pending = raw
                continue
            }
            pending = ""
            consumed = segment.upperBound
            if sentence.text.contains(where: { $0.isLetter || $0.isNumber }) { sentences.append(sentence) }
        }
        if pending.isEmpty, let last = segments.last { consumed = max(consumed, last.upperBound) }
        return (sentences, final ? count : consumed)
    }

    /// The sentence with its markers taken out (and list bullets, emphasis) and the numbers they hold.
    static func cited(_ raw: String) -> AskAnswer.Sentence {
        let chars = Array(raw)
        var text = ""
        var citations: [Int] = []
        var index = 0
        while index < chars.count {
            if chars[index] == "[", let close = markerEnd(chars, from: index) {
                for number in String(chars[(index + 1)..<close]).split(whereSeparator: { $0 == "," || $0 == " " }) {
                    if let value = Int(number), !citations.contains(value) { citations.append(value) }
                }
                while text.last == " " { text.removeLast() }
                index = close + 1
                continue
            }
            text.append(chars[index])
            index += 1
        }
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        for bullet in ["- ", "* ", "• "] where trimmed.hasPrefix(bullet) { trimmed.removeFirst(bullet.count) }
        trimmed = trimmed.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: " .", with: ".")
        return AskAnswer.Sentence(text: trimmed.trimmingCharacters(in: .whitespaces), citations: citations)
    }

    /// The index of the `]` closing a marker of numbers that opens at `start` (`[1]`, `[1, 3]`), or nil.
    private static func markerEnd(_ chars: [Character], from start: Int) -> Int? {
        var index = start + 1
        var digits = false
        while index < chars.count, index - start <= 24 {
            let char = chars[index]
            if char == "]" { return digits ? index : nil }
            if char.isASCII, char.isNumber {
                digits = true
            } else if char != "," && char != " " {
                return nil
            }
            index += 1
        }
        return nil
    }

    private static func endsInAbbreviation(_ text: String) -> Bool {
        guard text.hasSuffix(".") else { return false }
        let last = text.split(separator: " ").last.map(String.init)?.lowercased() ?? ""
        return ["e.g.", "i.e.", "etc.", "vs.", "dr.", "mr.", "mrs.", "ms.", "st.", "no.", "cf.", "approx."].contains(last)
            || (last.count == 2 && last.first?.isLetter == true)
    }
}
