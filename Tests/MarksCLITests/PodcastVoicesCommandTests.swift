import Foundation
import MarksTestSupport
import Testing

/// `marks podcast voices …` through the real binary: the licence notice and refusal, and the listing, without the
/// network (nothing here downloads: the refusal comes before the set-up script runs).
@Suite struct PodcastVoicesCommandTests {
    @Test func installingJoeShowsTheLicenceNoticeAndRefusesWithoutAcceptance() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let voices = marks.home.appendingPathComponent("voices")
        let refused = try await marks.run(["podcast", "voices", "install", "joe"], extraEnvironment: ["MARKS_VOICES_DIR": voices.path])
        #expect(refused.code == 1)
        #expect(refused.stderr.contains("research use only"))
        #expect(refused.stderr.contains("lessac"))
        #expect(refused.stderr.contains("--accept-licence"))
        #expect(!FileManager.default.fileExists(atPath: voices.path), "nothing was fetched or written")
        let other = try await marks.run(["podcast", "voices", "install", "amy"], extraEnvironment: ["MARKS_VOICES_DIR": voices.path])
        #expect(other.code == 1)
        #expect(other.stderr.contains("--voice-file"))
        let bad = try await marks.run(["podcast", "voices", "install", "../x", "--accept-licence"], extraEnvironment: ["MARKS_VOICES_DIR": voices.path])
        #expect(bad.code == 64)
    }

    @Test func theScriptRefusesWithoutAcceptanceToo() async throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/install-voice.sh")
        let directory = try TemporaryDirectory(prefix: "marks-voices")
        defer { directory.cleanUp() }
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), [script.path, "--dir", directory.url.path],
                                                environment: ["PATH": "/usr/bin:/bin", "HOME": directory.url.path],
                                                currentDirectory: directory.url, stdin: nil, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("research use only"))
        #expect(result.stderr.contains("--accept-licence"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }

    @Test func theListShowsEspeakAndSaysWhenNoNeuralVoiceIsInstalled() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let voices = marks.home.appendingPathComponent("voices")
        let list = try await marks.run(["podcast", "voices"], extraEnvironment: ["MARKS_VOICES_DIR": voices.path])
        #expect(list.code == 0, "\(list.stderr)")
        #expect(list.stdout.contains("espeak-ng"))
        #expect(list.stdout.contains("No neural voice installed"))
        let json = try await marks.run(["podcast", "voices", "list", "--json"], extraEnvironment: ["MARKS_VOICES_DIR": voices.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["runtime_installed"] as? Bool == false)
        #expect((object["voices"] as? [[String: Any]])?.first?["name"] as? String == "espeak-ng")
    }

    @Test func theListSaysWhichVoiceTheConfigurationChoosesWithoutTheKey() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let voices = marks.home.appendingPathComponent("voices")
        let key = "sk-listing-0123456789abcdef"
        let plain = try await marks.run(["podcast", "voices"], extraEnvironment: ["MARKS_VOICES_DIR": voices.path])
        #expect(plain.stdout.contains("Episodes are spoken by: espeak-ng (no neural voice installed"), "\(plain.stdout)")
        let openai = try await marks.run(["podcast", "voices"], extraEnvironment: [
            "MARKS_VOICES_DIR": voices.path, "MARKS_PODCAST_VOICE": "openai", "OPENAI_API_KEY": key, "MARKS_PODCAST_DIALOGUE": "1"])
        #expect(openai.stdout.contains("Episodes are spoken by: openai:gpt-4o-mini-tts/alloy at https://api.openai.com/v1 (key set), espeak-ng when it fails; dialogue asked for, but no ai provider is configured: narration"), "\(openai.stdout)")
        #expect(!openai.stdout.contains(key) && !openai.stderr.contains(key))
        let json = try await marks.run(["podcast", "voices", "--json"], extraEnvironment: [
            "MARKS_VOICES_DIR": voices.path, "MARKS_PODCAST_VOICE": "elevenlabs"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let speaks = try #require(object["speaks"] as? [String: Any])
        #expect(speaks["kind"] as? String == "elevenlabs")
        #expect(speaks["dialogue"] as? Bool == false)
        #expect(speaks["summary"] as? String == "espeak-ng (the ElevenLabs voice has no key: set $ELEVENLABS_API_KEY)", "\(speaks)")
    }
}
