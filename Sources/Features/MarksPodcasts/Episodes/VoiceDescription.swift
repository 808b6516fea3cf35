import Foundation

/// What a voice is, as a `SpeechSynthesizer` reports it (for the job's record, `marks podcast voices` and logs).
public struct VoiceDescription: Sendable, Equatable, Codable {
    /// How the voice makes speech.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// espeak-ng, the formant synthesiser Debian ships (always available).
        case espeak
        /// A neural model run locally (Piper through sherpa-onnx).
        case neural
        /// A remote speech API (OpenAI-compatible, ElevenLabs).
        case provider
    }

    /// The voice's name ("espeak-ng", "joe").
    public var name: String
    /// How it makes speech.
    public var kind: Kind
    /// The language tags it speaks, lower case ("en-us", "de"); the first is its default.
    public var languages: [String]
    /// Samples per second of the PCM it hands out (16-bit, mono).
    public var sampleRate: Int

    /// A description.
    public init(name: String, kind: Kind, languages: [String], sampleRate: Int) {
        self.name = name
        self.kind = kind
        self.languages = languages.map { $0.lowercased() }
        self.sampleRate = sampleRate
    }

    /// See `SpeechSynthesizer.language(for:)`.
    public func language(for tag: String?) -> String? {
        guard let tag = tag?.trimmingCharacters(in: .whitespaces), !tag.isEmpty else { return languages.first }
        let wanted = tag.lowercased().replacingOccurrences(of: "_", with: "-")
        if languages.contains(wanted) { return wanted }
        let primary = wanted.split(separator: "-").first.map(String.init) ?? wanted
        if languages.contains(primary) { return primary }
        let variants = languages.filter { $0.hasPrefix(primary + "-") }
        // English without a region: American, the most common default; otherwise the first variant.
        if primary == "en", variants.contains("en-us") { return "en-us" }
        // French without a region: France's ("fr-fr" before "fr-be"); likewise for any "xx-xx".
        if variants.contains("\(primary)-\(primary)") { return "\(primary)-\(primary)" }
        return variants.first
    }
}
