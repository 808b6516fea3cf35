/// The voices a job may speak with, as the configuration chose them: the configured voice first, and the local
/// voice (espeak-ng) that takes over when the first fails (a provider's 401, 429, 500, garbage or a hang) or does
/// not speak the text's language — never silently: the episode records a note saying what spoke and why.
public struct PodcastVoices: Sendable {
    /// The voice the configuration asks for (or the one that stood in for it at start, see `note`).
    public var primary: any SpeechSynthesizer
    /// The local voice that speaks when `primary` cannot; nil when `primary` is already the last resort.
    public var fallback: (any SpeechSynthesizer)?
    /// Why `primary` is not the configured voice ("the piper voice joe is not installed"), recorded on every episode.
    public var note: String?

    /// The voices.
    public init(primary: any SpeechSynthesizer, fallback: (any SpeechSynthesizer)? = nil, note: String? = nil) {
        self.primary = primary
        self.fallback = fallback
        self.note = note
    }
}
