/// What a finished episode records beside its audio.
public struct FinishedEpisode: Sendable {
    public var duration: Double
    public var bytes: Int
    public var voice: String
    public var language: String
    public var wasCut: Bool
    public var voiceNote: String?
    public var scriptKind: String = "narration"
    public var scriptNote: String?

    public init(duration: Double, bytes: Int, voice: String, language: String, wasCut: Bool, voiceNote: String?,
                scriptKind: String = "narration", scriptNote: String? = nil) {
        self.duration = duration
        self.bytes = bytes
        self.voice = voice
        self.language = language
        self.wasCut = wasCut
        self.voiceNote = voiceNote
        self.scriptKind = scriptKind
        self.scriptNote = scriptNote
    }
}
