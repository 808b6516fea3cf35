/// What a voice reads for one episode: sections, each a chapter with text to speak, and a pause after it. The intro
/// opens the first section, the outro closes the last.
public struct NarrationScript: Sendable, Equatable {
    /// Who speaks a section: the one narrator, or the host or guest of a dialogue (two voices).
    public enum Speaker: String, Sendable, Equatable, Codable {
        case narrator, host, guest
    }

    /// How the script was written.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// One voice reading the article (`NarrationScriptBuilder`).
        case narration
        /// Host and guest talking about it, written by an AI provider and checked against the article.
        case dialogue
    }

    /// One chapter of the episode (or one turn of a dialogue).
    public struct Section: Sendable, Equatable {
        /// The chapter's title (the heading, or the episode's title for the opening section).
        public var title: String
        /// Plain sentences to speak, paragraphs separated by blank lines (no markup, no URLs).
        public var text: String
        /// Silence after the section, in seconds.
        public var pauseAfter: Double
        /// Who speaks it.
        public var speaker: Speaker

        /// A section.
        public init(title: String, text: String, pauseAfter: Double, speaker: Speaker = .narrator) {
            self.title = title
            self.text = text
            self.pauseAfter = pauseAfter
            self.speaker = speaker
        }
    }

    /// The episode's title.
    public var title: String
    /// Who it is "by" in a podcast app: the site, or "Marks" for a source.
    public var artist: String
    /// The chapters in order; never empty.
    public var sections: [Section]
    /// Words to speak (intro and outro included).
    public var wordCount: Int
    /// The spoken length the intro announces, in whole minutes (at least 1).
    public var estimatedMinutes: Int
    /// The text's language tag, when known.
    public var language: String?
    /// Narration or dialogue.
    public var kind: Kind = .narration

    /// A script value.
    public init(title: String, artist: String, sections: [Section], wordCount: Int, estimatedMinutes: Int, language: String?) {
        self.title = title
        self.artist = artist
        self.sections = sections
        self.wordCount = wordCount
        self.estimatedMinutes = estimatedMinutes
        self.language = language
    }

    /// The sentence spoken when an episode reaches its length limit and stops.
    public static func cutNote(hours: Int) -> String {
        "This episode stops here: Marks keeps episodes under \(hours) hours. The rest is in the original text."
    }
}
