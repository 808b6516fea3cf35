import Foundation
import MarksTestSupport
import Testing
@testable import MarksCLI

/// Issue 35 item 7: user text (titles, notes, errors) reached the terminal with raw control characters. Every
/// printed line now passes through `TerminalText`, the CLI's one sanitiser.
@Suite struct TerminalTextTests {
    /// What a terminal would act on: C0 but line feed and tab, DEL, C1, bidi overrides and isolates.
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
    }

    @Test func controlsAreWrittenAsVisibleEscapesThatAreAlsoJSONEscapes() throws {
        let hostile = "Title\u{1B}[2J\u{7F}\u{9B}31m\r\u{202E}gnp.exe\u{7}\nnext\tline"
        let clean = TerminalText.sanitized(hostile)
        #expect(!Self.hasControls(clean))
        #expect(clean == "Title\\u001b[2J\\u007f\\u009b31m\\u000d\\u202egnp.exe\\u0007\nnext\tline")
        // Inside a JSON string the escapes decode to the very characters they stand for.
        let json = "[\"" + TerminalText.sanitized("a\u{9B}b\u{202E}c\u{7F}") + "\"]"
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
        #expect(decoded == ["a\u{9B}b\u{202E}c\u{7F}"])
        #expect(TerminalText.sanitized("plain — text ✓") == "plain — text ✓")
    }

    @Test func everyCommandPrintsUserTextThroughTheSanitiser() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let title = "Evil\u{1B}]0;owned\u{7}\u{1B}[31m red \u{9B}2J\u{7F} \u{202E}txt.exe"
        let added = try await marks.run(["add", "https://example.com/evil", "--title", title, "--description",
                                         "line one\u{1B}[1A\nline two", "--no-enrich"])
        #expect(added.code == 0, "\(added.stderr)")
        #expect(!Self.hasControls(added.stdout + added.stderr), "\(added.stdout.debugDescription)")
        for command in [["list"], ["show", "1"], ["search", "evil"], ["list", "--json"], ["podcast", "generate", "1"]] {
            let run = try await marks.run(command)
            #expect(!Self.hasControls(run.stdout + run.stderr), "\(command): \((run.stdout + run.stderr).debugDescription)")
            #expect(run.stdout.contains("Evil") || run.stderr.contains("Evil"), "\(command): \(run.stdout)\(run.stderr)")
        }
        let json = try await marks.run(["list", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let first = try #require((object["results"] as? [[String: Any]])?.first)
        #expect(first["title"] as? String == title, "--json keeps the text, escaped")
    }
}
