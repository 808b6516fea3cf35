import MarksCore

/// The one seam every voice sits behind (espeak-ng, the neural Piper voice, a provider): it says what it is and
/// turns text into 16-bit mono PCM, handed out chunk by chunk so an episode never sits in memory whole.
///
/// `synthesize` blocks its thread: call it on a bounded executor (the podcast `WorkerPool`), never on Swift's
/// cooperative pool. The sink applies back-pressure simply by taking its time (the encoder runs inside it); a sink
/// that throws stops the synthesis, and that error is what `synthesize` throws. A voice checks `isCancelled`
/// between chunks and while it waits for its engine, and then stops with `CancellationError`.
public protocol SpeechSynthesizer: Sendable {
    /// What this voice is: its name, kind, languages and sample rate.
    var voice: VoiceDescription { get }

    /// Speaks `text` (plain sentences; no markup) in `language` (one of `voice.languages`, as `language(for:)`
    /// chose it), calling `sink` with consecutive chunks of PCM at `voice.sampleRate` until the text is spoken.
    /// Throws `SpeechError` when the voice fails (with the reason), `CancellationError` once `isCancelled`, or
    /// whatever `sink` throws.
    func synthesize(_ text: String, language: String, isCancelled: @Sendable () -> Bool,
                    into sink: (PCMChunk) throws -> Void) throws

    /// The voice for one speaker of a dialogue, at the same sample rate (espeak-ng: another variant; a provider: the
    /// guest's voice id; Piper, which has one speaker: the same voice a little faster). The narrator and the host are
    /// this voice; the default is this voice for everyone.
    func speaking(as speaker: NarrationScript.Speaker) -> any SpeechSynthesizer
}

extension SpeechSynthesizer {
    public func speaking(as speaker: NarrationScript.Speaker) -> any SpeechSynthesizer { self }

    /// The voice's language for a page's language tag (`<html lang>`, "en-GB", "de_AT"): the exact tag, else its
    /// primary language ("de"), else a regional variant of it ("en" → "en-us"); with no tag, the voice's first
    /// language. Nil when the voice speaks nothing that fits.
    public func language(for tag: String?) -> String? {
        voice.language(for: tag)
    }
}
