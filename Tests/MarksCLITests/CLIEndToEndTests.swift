import MarksTestSupport
import Foundation
import Testing

@Suite struct CLIEndToEndTests {
    @Test func versionHelpAndUsageExitCodes() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let version = try await marks.run(["--version"])
        #expect(version.code == 0)
        #expect(version.stdout.hasPrefix("marks "))
        let help = try await marks.run(["--help"])
        #expect(help.code == 0 && help.stdout.contains("commands:"))
        let unknown = try await marks.run(["frobnicate"])
        #expect(unknown.code == 64)
        #expect(unknown.stderr.contains("unknown command 'frobnicate'"))
        #expect(unknown.stderr.contains("usage: marks"))
        let badOption = try await marks.run(["list", "--limit", "lots"])
        #expect(badOption.code == 64)
        #expect(badOption.stderr.contains("--limit takes a whole number"))
        let subHelp = try await marks.run(["add", "--help"])
        #expect(subHelp.code == 0 && subHelp.stdout.contains("usage: marks add"))
    }

    @Test func configIsReadFromXDGAndWarnsWhenOthersCanReadIt() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let configDir = marks.home.appendingPathComponent("config/marks")
        try FileManager.default.createDirectory(at: configDir, withIntermediateDirectories: true)
        let file = configDir.appendingPathComponent("config.json")
        try Data(#"{"linkding":{"host":"links.example.com","path":"","token":"secret-token","https":true},"analytics_enabled":false}"#.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let result = try await marks.run(["config", "--json"])
        #expect(result.code == 0)
        #expect(result.stdout.contains(#""bookmark_source":"linkding""#))
        #expect(result.stdout.contains(#""analytics_enabled":false"#))
        #expect(!result.stdout.contains("secret-token"))
        #expect(result.stderr.contains("readable by others"))
        let overridden = try await marks.run(["config", "--json"], extraEnvironment: ["MARKS_LINKDING_HOST": "embedded"])
        #expect(overridden.stdout.contains(#""bookmark_source":"embedded""#))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try await !marks.run(["config"]).stderr.contains("readable by others"))
    }

    @Test func malformedConfigIsAClearFailure() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let configDir = marks.home.appendingPathComponent("config/marks")
        try FileManager.default.createDirectory(at: configDir, withIntermediateDirectories: true)
        try Data(#"{"linkding": 42}"#.utf8).write(to: configDir.appendingPathComponent("config.json"))
        let result = try await marks.run(["config"])
        #expect(result.code == 1)
        #expect(result.stderr.contains("is not valid Marks configuration"))
    }
}
