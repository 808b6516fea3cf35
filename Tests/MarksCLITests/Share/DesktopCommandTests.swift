import MarksTestSupport
import Foundation
import Testing
@testable import MarksCLI

@Suite struct DesktopCommandTests {
    var applications: (CLIHarness) -> URL { { $0.home.appendingPathComponent("data/applications") } }

    @Test func installWritesBothEntriesAndRegistersTheScheme() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let log = cli.home.appendingPathComponent("tools.log")
        try cli.installTool("xdg-mime", script: "echo \"xdg-mime $*\" >> '\(log.path)'")
        try cli.installTool("update-desktop-database", script: "echo \"update-desktop-database $*\" >> '\(log.path)'")
        let code = try DesktopCommand.run(cli.parse(["desktop", "install"]), context: cli.context(), executable: "/opt/marks/bin/marks")
        #expect(code == 0, "\(cli.stderr)")
        let handler = try String(contentsOf: applications(cli).appendingPathComponent("marks.desktop"), encoding: .utf8)
        #expect(handler.hasPrefix("[Desktop Entry]\n"))
        #expect(handler.contains("\nExec=/opt/marks/bin/marks open %u\n"))
        #expect(handler.contains("\nMimeType=x-scheme-handler/marks;\n"))
        #expect(handler.contains("\nNoDisplay=true\n"))
        let share = try String(contentsOf: applications(cli).appendingPathComponent("marks-share.desktop"), encoding: .utf8)
        #expect(share.contains("\nName=Save to Marks\n"))
        #expect(share.contains("\nExec=/opt/marks/bin/marks share --clipboard\n"))
        #expect(share.contains("\nTerminal=true\n"))
        let calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls == "xdg-mime default marks.desktop x-scheme-handler/marks\nupdate-desktop-database \(applications(cli).path)\n")
        #expect(cli.stdout.contains("marks:// links now open with Marks."))

        cli.reset()
        #expect(try DesktopCommand.run(cli.parse(["desktop", "install", "--uninstall"]), context: cli.context(), executable: "/x") == 0)
        #expect(!FileManager.default.fileExists(atPath: applications(cli).appendingPathComponent("marks.desktop").path))
        #expect(!FileManager.default.fileExists(atPath: applications(cli).appendingPathComponent("marks-share.desktop").path))
        #expect(cli.stdout.components(separatedBy: "Removed ").count == 3)
        cli.reset()
        #expect(try DesktopCommand.run(cli.parse(["desktop", "install", "--uninstall"]), context: cli.context(), executable: "/x") == 0)
        #expect(cli.stdout.contains("Nothing to remove"))
    }

    @Test func withoutXdgMimeTheFilesAreWrittenAndTheStepExplained() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let code = try DesktopCommand.run(cli.parse(["desktop", "install"]), context: cli.context(), executable: "/usr/bin/marks")
        #expect(code == 0)
        #expect(FileManager.default.fileExists(atPath: applications(cli).appendingPathComponent("marks.desktop").path))
        #expect(cli.stderr.contains("xdg-mime is not installed"))
        #expect(cli.stderr.contains("xdg-mime default marks.desktop x-scheme-handler/marks"))
    }

    @Test func aFailingXdgMimeIsExitOne() throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        try cli.installTool("xdg-mime", script: "echo 'no desktop' >&2; exit 3")
        #expect(try DesktopCommand.run(cli.parse(["desktop", "install"]), context: cli.context(), executable: "/usr/bin/marks") == 1)
        #expect(cli.stderr.contains("exit 3") && cli.stderr.contains("no desktop"))
    }

    @Test func xdgDataHomeDefaultsToTheHomeDirectory() {
        #expect(DesktopCommand.applicationsDirectory(["HOME": "/home/a"]).path == "/home/a/.local/share/applications")
        #expect(DesktopCommand.applicationsDirectory(["HOME": "/home/a", "XDG_DATA_HOME": "relative"]).path == "/home/a/.local/share/applications")
        #expect(DesktopCommand.applicationsDirectory(["HOME": "/home/a", "XDG_DATA_HOME": "/d"]).path == "/d/applications")
    }

    @Test(arguments: [
        (["/opt/my apps/marks", "open"], #""/opt/my apps/marks" open"#),
        (["/opt/100%/marks"], "/opt/100%%/marks"),
        (["/opt/a\"b$c`d\\e/marks"], #""/opt/a\\"b\\$c\\`d\\\\e/marks""#),
        ([""], #""""#),
    ])
    func execArgumentsAreQuotedAsTheSpecSays(arguments: [String], expected: String) throws {
        #expect(try DesktopEntry.exec(arguments) == expected)
    }

    @Test func aPathWithALineBreakIsRefused() throws {
        #expect(throws: DesktopEntry.UnusablePath.self) { try DesktopEntry.handler(executable: "/tmp/x\nExec=evil") }
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(throws: CLIFailure.self) { try DesktopCommand.run(cli.parse(["desktop", "install"]), context: cli.context(), executable: "marks") }
    }

    @Test func theRealBinaryInstallsIntoATempDataHome() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let install = try await marks.run(["desktop", "install"], extraEnvironment: ["PATH": marks.home.path])
        #expect(install.code == 0, "\(install.stderr)")
        let handler = try String(contentsOf: marks.home.appendingPathComponent("data/applications/marks.desktop"), encoding: .utf8)
        let exec = try #require(handler.split(separator: "\n").first { $0.hasPrefix("Exec=") })
        #expect(exec.hasPrefix("Exec=/") && exec.hasSuffix("/marks open %u"))
        let binary = String(exec.dropFirst(5).dropLast(" open %u".count))
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let uninstall = try await marks.run(["desktop", "install", "--uninstall"], extraEnvironment: ["PATH": marks.home.path])
        #expect(uninstall.code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: marks.home.appendingPathComponent("data/applications").path).isEmpty)
    }
}
