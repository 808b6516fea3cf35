import Foundation
import MarksCore
import Testing

@Suite struct AutoPodcastTagsConfigTests {
    @Test func theSettingIsOptionalAndRoundTrips() throws {
        let old = try JSONDecoder().decode(MarksConfig.self, from: Data(#"{"analytics_enabled": false}"#.utf8))
        #expect(old.autoPodcastTags.isEmpty)
        let set = try JSONDecoder().decode(MarksConfig.self, from: Data(#"{"auto_podcast_tags": ["listen", "podcast"]}"#.utf8))
        #expect(set.autoPodcastTags == ["listen", "podcast"])
        let again = try JSONDecoder().decode(MarksConfig.self, from: JSONEncoder().encode(set))
        #expect(again == set)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(MarksConfig.self, from: Data(#"{"auto_podcast_tags": "listen"}"#.utf8)) }
    }

    @Test func theEnvironmentOverridesIt() {
        let config = MarksConfig(autoPodcastTags: ["listen"])
        #expect(config.applying(environment: ["MARKS_AUTO_PODCAST_TAGS": "a, b c,,"]).autoPodcastTags == ["a", "b-c"])
        #expect(config.applying(environment: ["MARKS_AUTO_PODCAST_TAGS": ""]).autoPodcastTags.isEmpty)
        #expect(config.applying(environment: [:]).autoPodcastTags == ["listen"])
    }
}
