import Foundation

/// Checks an AI provider's two-voice dialogue about an article and turns it into a script the renderer speaks
/// with two voices — or says why not, and the episode is the narration instead. Pure: no I/O.
///
/// The answer must be a JSON object `{"turns": [{"speaker": "host"|"guest", "text": "…", "topic"?: "…"}]}` (a
/// code fence or prose around it is tolerated). Checked:
/// - **structure**: 4…120 turns; the host opens; both speak; no speaker has more than three turns in a row;
///   every turn 1…1,500 characters of speakable text;
/// - **length**: at least 60 words, and at most twice the article's words plus 400 (a dialogue is about the
///   article, not longer than it);
/// - **quotes**: every span in double quotes ("…", “…”) must be in the article, word for word (case, punctuation
///   and spacing aside). One invented quote and the **whole script** falls back to narration: dropping only that
///   line would leave the other speaker answering a line nobody hears.
///
/// The host's first turn is preceded by the narration's intro ("From example.com: Title, a conversation, about N
/// minutes."), so a dialogue opens the way every episode does.
public enum DialogueScriptBuilder {
    /// Why a dialogue was not used.
    public enum Rejection: Error, Equatable, Sendable, CustomStringConvertible {
        /// The answer is not the JSON asked for.
        case notJSON(String)
        /// The turns break the structure (count, order, speakers, length).
        case structure(String)
        /// A quoted span is not in the article.
        case inventedQuote(String)

        public var description: String {
            switch self {
            case .notJSON(let reason): "the provider's answer is not a dialogue: \(reason)"
            case .structure(let reason): "the dialogue is malformed: \(reason)"
            case .inventedQuote(let quote): "it quotes \"\(quote.prefix(80))\", which is not in the article"
            }
        }
    }

    static let turnLimits = 4...120
    static let maxTurnCharacters = 1_500
    static let minimumWords = 60
    /// Silence between turns, and between topics.
    static let turnPause = 0.35, topicPause = 0.9

    /// The dialogue script for `answer` about `source`, or why it cannot be used. `narration` gives the title, the
    /// artist and the language.
    public static func script(fromAnswer answer: String, source: NarrationSource, narration: NarrationScript) -> Result<NarrationScript, Rejection> {
        let turns: [Turn]
        switch parse(answer) {
        case .success(let parsed): turns = parsed
        case .failure(let rejection): return .failure(rejection)
        }
        let english = SpokenText.isEnglish(source.language)
        guard turnLimits.contains(turns.count) else {
            return .failure(.structure("\(turns.count) turns (\(turnLimits.lowerBound)…\(turnLimits.upperBound) are expected)"))
        }
        guard turns.first?.speaker == .host else { return .failure(.structure("the guest speaks first")) }
        guard turns.contains(where: { $0.speaker == .guest }) else { return .failure(.structure("the guest never speaks")) }
        var run = 0
        var previous: NarrationScript.Speaker?
        for turn in turns {
            run = turn.speaker == previous ? run + 1 : 1
            previous = turn.speaker
            if run > 3 { return .failure(.structure("the \(turn.speaker.rawValue) has more than three turns in a row")) }
        }
        let article = normalizedWords(articleText(source))
        var spoken: [(turn: Turn, text: String)] = []
        for (index, turn) in turns.enumerated() {
            guard turn.text.count <= maxTurnCharacters else {
                return .failure(.structure("turn \(index + 1) is longer than \(maxTurnCharacters) characters"))
            }
            for quote in quotes(in: turn.text) {
                let words = normalizedWords(quote)
                guard !words.isEmpty else { continue }
                if !(" " + article + " ").contains(" " + words + " ") { return .failure(.inventedQuote(quote)) }
            }
            let text = SpokenText.speakable(turn.text, english: english)
            guard !text.isEmpty else { return .failure(.structure("turn \(index + 1) has nothing to speak")) }
            spoken.append((turn, SpokenText.sentence(text)))
        }
        let words = spoken.reduce(0) { $0 + SpokenText.wordCount($1.text) }
        let articleWords = article.split(separator: " ").count
        guard words >= minimumWords else { return .failure(.structure("\(words) words is too short for an episode")) }
        guard words <= articleWords * 2 + 400 else {
            return .failure(.structure("\(words) words is longer than the article allows (\(articleWords) words)"))
        }

        let minutes = max(1, Int((Double(words) / Double(NarrationScriptBuilder.wordsPerMinute)).rounded()))
        var sections: [NarrationScript.Section] = []
        var topic = narration.title
        for (index, item) in spoken.enumerated() {
            if let named = item.turn.topic.map(SpokenText.collapse), !named.isEmpty { topic = String(named.prefix(120)) }
            var text = item.text
            if index == 0 { text = intro(narration: narration, source: source, minutes: minutes, english: english) + "\n\n" + text }
            let nextTopic = index + 1 < spoken.count ? spoken[index + 1].turn.topic.map(SpokenText.collapse) : nil
            let pause = index == spoken.count - 1 ? 0 : (nextTopic.map { !$0.isEmpty && $0 != topic } == true ? topicPause : turnPause)
            sections.append(NarrationScript.Section(title: topic, text: text, pauseAfter: pause, speaker: item.turn.speaker))
        }
        var script = NarrationScript(title: narration.title, artist: narration.artist, sections: sections,
                                     wordCount: sections.reduce(0) { $0 + SpokenText.wordCount($1.text) },
                                     estimatedMinutes: minutes, language: narration.language)
        script.kind = .dialogue
        return .success(script)
    }

    struct Turn: Equatable {
        var speaker: NarrationScript.Speaker
        var text: String
        var topic: String?
    }

    /// The turns of the first JSON object in `answer`.
    static func parse(_ answer: String) -> Result<[Turn], Rejection> {
        guard let start = answer.firstIndex(of: "{"), let end = answer.lastIndex(of: "}"), start < end else {
            return .failure(.notJSON("no JSON object"))
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(answer[start...end].utf8))
        } catch {
            return .failure(.notJSON("not JSON"))
        }
        guard let root = object as? [String: Any], let items = root["turns"] as? [Any] else {
            return .failure(.notJSON("no \"turns\" list"))
        }
        var turns: [Turn] = []
        for (index, item) in items.enumerated() {
            guard let fields = item as? [String: Any], let name = fields["speaker"] as? String, let text = fields["text"] as? String else {
                return .failure(.notJSON("turn \(index + 1) has no \"speaker\" and \"text\""))
            }
            guard let speaker = NarrationScript.Speaker(rawValue: name.lowercased().trimmingCharacters(in: .whitespaces)), speaker != .narrator else {
                return .failure(.structure("turn \(index + 1)'s speaker \"\(name.prefix(20))\" is neither host nor guest"))
            }
            turns.append(Turn(speaker: speaker, text: text.trimmingCharacters(in: .whitespacesAndNewlines), topic: fields["topic"] as? String))
        }
        return .success(turns)
    }

    /// The spans between double quotes: straight pairs and curly “…” pairs (an unclosed quote runs to the end).
    static func quotes(in text: String) -> [String] {
        var spans: [String] = []
        var current: String?
        var closer: Character = "\""
        for character in text {
            if current != nil {
                if character == closer {
                    spans.append(current ?? "")
                    current = nil
                } else {
                    current?.append(character)
                }
            } else if character == "\"" || character == "“" || character == "„" {
                current = ""
                closer = character == "\"" ? "\"" : "”"
            }
        }
        if let current { spans.append(current) }
        return spans.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// Lower-case words of letters and digits, one space apart (so a quote matches whatever the punctuation).
    static func normalizedWords(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else if character == "'" || character == "’" {
                continue  // "don't" and "don’t" are one word either way
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.joined(separator: " ")
    }

    /// Everything the article says (headings, paragraphs, list items, quotes; code too, which may be quoted).
    public static func articleText(_ source: NarrationSource) -> String {
        var parts: [String] = []
        if let title = source.title { parts.append(title) }
        for block in source.blocks {
            switch block {
            case .heading(_, let text), .paragraph(let text), .listItem(let text), .quote(let text), .code(let text): parts.append(text)
            case .table(_, let caption): if let caption { parts.append(caption) }
            }
        }
        return parts.joined(separator: "\n\n")
    }

    private static func intro(narration: NarrationScript, source: NarrationSource, minutes: Int, english: Bool) -> String {
        let title = SpokenText.clause(SpokenText.speakable(narration.title, english: english))
        guard english else { return SpokenText.sentence(title) }
        let from: String
        switch source.origin {
        case .article(let site): from = site.isEmpty ? "From the web" : "From \(SpokenText.speakableHost(site))"
        case .source: from = "From your notes"
        }
        return "\(from): \(title), a conversation, about \(minutes) \(minutes == 1 ? "minute" : "minutes")."
    }
}
