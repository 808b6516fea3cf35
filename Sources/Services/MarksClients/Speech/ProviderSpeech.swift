import Foundation

/// What every speech provider's client shares: its settings, one `ProviderHTTP` (timeouts, retries, the key scrubbed
/// from errors) and the exchange that posts a JSON body and reads the PCM (or WAV) answer into samples. A client
/// adds only its endpoint, headers, body and error format.
struct ProviderSpeech: Sendable {
    let settings: SpeechProviderSettings
    private let http: ProviderHTTP

    init(settings: SpeechProviderSettings, transport: HTTPTransport, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.settings = settings
        http = ProviderHTTP(timeout: settings.timeout, retry: settings.retry, apiKey: settings.apiKey, transport: transport, sleep: sleep)
    }

    /// Posts `body` to `url` and reads the answer as audio at the settings' sample rate.
    func samples(from url: URL, headers: [String: String], body: some Encodable, maxAnswerBytes: Int,
                 errorMessage: @escaping @Sendable (Data) -> String?) async throws(ProviderError) -> [Int16] {
        let response = try await http.exchange(url, headers: headers, body: try ProviderJSON.encode(body),
                                               maxBodyBytes: maxAnswerBytes, errorMessage: errorMessage)
        return try SpeechAudioBody.samples(of: response, sampleRate: settings.sampleRate, http: http)
    }
}

/// A speech client built on `ProviderSpeech`: its settings answer the protocol's questions.
protocol ProviderSpeechClient: SpeechProviderClient {
    var speech: ProviderSpeech { get }
}

extension ProviderSpeechClient {
    public var voiceName: String { speech.settings.voiceName }
    public var voiceIDs: (host: String, guest: String) { (speech.settings.voiceID, speech.settings.guestVoiceID) }
    public var sampleRate: Int { speech.settings.sampleRate }
    public var inputLimit: Int { speech.settings.inputLimit }
    public var languages: [String] { speech.settings.languages }
}
