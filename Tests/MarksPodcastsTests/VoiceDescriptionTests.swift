import MarksPodcasts
import Testing

@Suite struct VoiceDescriptionTests {
    let voice = VoiceDescription(name: "test", kind: .espeak, languages: ["en-US", "en-gb", "de", "pt-br"], sampleRate: 22_050)

    @Test(arguments: [
        ("en-GB", "en-gb"), ("en_gb", "en-gb"), ("en", "en-us"), ("en-AU", "en-us"), ("de-AT", "de"), ("DE", "de"),
        ("pt", "pt-br"), (" ", "en-us"),
    ])
    func choosesTheLanguage(tag: String, expected: String) {
        #expect(voice.language(for: tag) == expected)
    }

    @Test func noTagMeansTheDefault() {
        #expect(voice.language(for: nil) == "en-us")
    }

    @Test func aLanguageItDoesNotSpeakIsNil() {
        #expect(voice.language(for: "ja") == nil)
        #expect(voice.language(for: "eng") == nil)
    }
}
