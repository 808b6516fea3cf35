import Foundation
import Synchronization
import SQLiteDatabase
import Testing
@testable import MarksCLI

@Suite struct ShareCommandTests {
    /// Answers the card's questions from a script, recording what was asked.
    final class ScriptedAnswers: Sendable {
        private let state: Mutex<(answers: [String], asked: [String])>
        init(_ answers: [String]) { state = Mutex((answers, [])) }
        var asked: [String] { state.withLock { $0.asked } }
        var prompter: SharePrompter {
            SharePrompter { question in
                self.state.withLock { s in
                    s.asked.append(question)
                    return s.answers.isEmpty ? nil : s.answers.removeFirst()
                }
            }
        }
    }

    func io(stdin: String = "", terminal: Bool = false, clipboard: String? = nil, prompter: SharePrompter? = nil) -> ShareIO {
        ShareIO(readStandardInput: { Data(stdin.utf8) }, standardInputIsTerminal: terminal,
                readClipboard: {
                    guard let clipboard else { throw CLIFailure("No clipboard tool found") }
                    return clipboard
                },
                prompter: prompter)
    }

    @Test func theCardIsEditedOnTheTerminalAndSaved() async throws {
        let server = try StoreBackedLinkding()
        let cli = try CLIHarness(config: server.configJSON)
        defer { cli.cleanUp() }
        server.setTitle("https://example.com/swift", "Swift concurrency")
        try server.addTags(["swift", "cooking"])
        let answers = ScriptedAnswers(["+later, ", "y", "", "y", "n", "y"])
        let code = try await ShareCommand.run(cli.parse(["share"]), context: cli.context(terminal: true),
                                              io: io(stdin: "Worth it https://example.com/swift", prompter: answers.prompter))
        await server.stop()
        #expect(code == 0, "\(cli.stderr)")
        #expect(cli.stdout.contains("url:       https://example.com/swift"))
        #expect(cli.stdout.contains("suggested: swift"))
        #expect(answers.asked.count == 6)
        let saved = try #require(try server.bookmarks.first)
        #expect(saved.tagNames == ["later", "swift"])
        #expect(saved.notes == "Worth it")
        #expect(saved.unread)
        #expect(cli.stdout.contains("Saved"))
    }

    @Test func endOfInputAtAPromptCancels() async throws {
        let server = try StoreBackedLinkding()
        let cli = try CLIHarness(config: server.configJSON)
        defer { cli.cleanUp() }
        let answers = ScriptedAnswers(["a,b"])
        await #expect(throws: CLIFailure.self) {
            try await ShareCommand.run(cli.parse(["share", "https://example.com/x"]), context: cli.context(terminal: true),
                                       io: io(prompter: answers.prompter))
        }
        await server.stop()
        #expect(try server.bookmarks.isEmpty)
    }

    @Test func decliningTheSaveSavesNothing() async throws {
        let server = try StoreBackedLinkding()
        let cli = try CLIHarness(config: server.configJSON)
        defer { cli.cleanUp() }
        let answers = ScriptedAnswers(["", "", "", "", "n"])
        let code = try await ShareCommand.run(cli.parse(["share", "https://example.com/x"]), context: cli.context(terminal: true),
                                              io: io(prompter: answers.prompter))
        await server.stop()
        #expect(code == 1)
        #expect(cli.stdout.contains("Not saved."))
        #expect(try server.bookmarks.isEmpty)
    }

    @Test func flagsWithYesSaveWithoutAsking() async throws {
        let server = try StoreBackedLinkding()
        let cli = try CLIHarness(config: server.configJSON)
        defer { cli.cleanUp() }
        let answers = ScriptedAnswers([])
        let code = try await ShareCommand.run(
            cli.parse(["share", "--yes", "--tags", "a, b", "--notes", "mine", "--unread", "--podcast", "--title", "T", "--json"]),
            context: cli.context(terminal: true), io: io(stdin: "see https://example.com/flags", prompter: answers.prompter))
        await server.stop()
        #expect(code == 0, "\(cli.stderr)")
        #expect(answers.asked.isEmpty)
        let saved = try #require(try server.bookmarks.first)
        #expect(saved.title == "T" && saved.notes == "mine" && saved.unread && saved.tagNames == ["a", "b"])
        #expect(cli.stdout.contains(#""action":"created""#))
        #expect(cli.stdout.contains(#""podcast_newly_queued":true"#))
        let database = try Connection(path: cli.dataDirectory.appendingPathComponent("marks.sqlite").path, options: .init(readOnly: true))
        let queued = try database.queryOne("SELECT count(*) FROM jobs WHERE kind = 'podcast.request' AND state = 'queued'")?.int(at: 0)
        #expect(queued == 1, "the request is a podcast.request job for marks serve")
    }

    @Test func withoutATerminalItRefusesInsteadOfHanging() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        await #expect(throws: UsageError.self) {
            try await ShareCommand.run(cli.parse(["share"]), context: cli.context(), io: io(stdin: "https://example.com"))
        }
        let nothingPiped = try cli.parse(["share", "--dry-run"])
        await #expect(throws: UsageError.self) {
            try await ShareCommand.run(nothingPiped, context: cli.context(), io: io(terminal: true))
        }
        await #expect(throws: UsageError.self) {
            try await ShareCommand.run(cli.parse(["share", "--dry-run", "--clipboard", "https://x.example.com"]), context: cli.context(), io: io())
        }
    }

    @Test func theClipboardIsAPayloadAndItsAbsenceAClearError() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let code = try await ShareCommand.run(cli.parse(["share", "--clipboard", "--dry-run", "--json"]), context: cli.context(),
                                              io: io(clipboard: "copied https://example.com/clip"))
        #expect(code == 0)
        #expect(cli.stdout.contains(#""url":"https://example.com/clip""#))
        #expect(cli.stdout.contains(#""checked":true"#)) // checked against the embedded store
        await #expect(throws: CLIFailure.self) {
            try await ShareCommand.run(cli.parse(["share", "--clipboard", "--dry-run"]), context: cli.context(), io: io())
        }
    }

    @Test func theLiveClipboardReaderUsesTheInstalledTool() throws {
        let cli = try CLIHarness(environment: ["WAYLAND_DISPLAY": "wayland-0"])
        defer { cli.cleanUp() }
        #expect(throws: CLIFailure.self) { try ClipboardReader.read(environment: cli.environment) }
        do {
            _ = try ClipboardReader.read(environment: cli.environment)
        } catch {
            #expect(String(describing: error).contains("install wl-clipboard"))
        }
        try cli.installTool("xclip", script: #"[ "$1 $2 $3" = "-o -selection clipboard" ] && printf 'from xclip https://example.com/x'"#)
        #expect(try ClipboardReader.read(environment: cli.environment) == "from xclip https://example.com/x")
        try cli.installTool("wl-paste", script: #"[ "$1" = "--no-newline" ] && printf 'from wayland https://example.com/w'"#)
        #expect(try ClipboardReader.read(environment: cli.environment) == "from wayland https://example.com/w")
        try cli.installTool("wl-paste", script: "echo 'No selection' >&2; exit 1")
        #expect(throws: CLIFailure.self) { try ClipboardReader.read(environment: cli.environment) }
    }

    @Test func anUnreachableServerFailsTheSaveButNotTheDryRun() async throws {
        let cli = try CLIHarness(config: #"{"linkding":{"host":"127.0.0.1","port":9,"path":"","token":"t","https":false}}"#)
        defer { cli.cleanUp() }
        let code = try await ShareCommand.run(cli.parse(["share", "--dry-run", "--json", "https://example.com/u"]), context: cli.context(), io: io())
        #expect(code == 0)
        #expect(cli.stdout.contains(#""checked":false"#))
        #expect(cli.stderr.contains("Not checked against your bookmarks"))
        await #expect(throws: (any Error).self) {
            try await ShareCommand.run(cli.parse(["share", "--yes", "https://example.com/u"]), context: cli.context(), io: io())
        }
    }
}
