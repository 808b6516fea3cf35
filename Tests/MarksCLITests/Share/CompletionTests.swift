import MarksTestSupport
import Foundation
import Testing
@testable import MarksCLI

@Suite struct CompletionTests {
    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a shell script and returns its standard output.
    func runShell(_ shell: String, _ arguments: [String], script: String) async throws -> (code: Int32, output: String) {
        let dir = try TemporaryDirectory(prefix: "marks-completion")
        defer { dir.cleanUp() }
        try dir.write("script", script)
        let result = try await ChildProcess.run(URL(fileURLWithPath: shell), arguments + [dir.file("script").path],
                                                environment: ["HOME": dir.path, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": dir.path, "XDG_DATA_HOME": dir.path])
        return (result.status, result.stdout + result.stderr)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyCommandAndOptionIsInTheScript(shell: String) throws {
        let script = try #require(CompletionScript.script(for: shell, root: MarksCommandLine.root))
        for node in CompletionScript.nodes(MarksCommandLine.root) {
            for sub in node.command.subcommands { #expect(script.contains(sub.name), "\(shell): \(node.path) \(sub.name)") }
            for spec in node.options {
                let spelled = shell == "fish" ? "-l \(spec.name)" : "--\(spec.name)"
                #expect(script.contains(spelled), "\(shell): \(node.path) --\(spec.name)")
            }
        }
        for path in ["marks/share", "marks/widget/recent", "marks/widget/random", "marks/widget/podcasts", "marks/podcast/queue",
                     "marks/desktop/install", "marks/completion", "marks/unread"] {
            #expect(script.contains(path), "\(shell): \(path)")
        }
    }

    @Test func newCommandsAreCoveredAutomatically() {
        let root = CommandDescriptor(name: "marks", abstract: "r", subcommands: [
            CommandDescriptor(name: "brand-new", abstract: "It's new: with 'quotes' and \\ backslashes",
                              arguments: [.option("colour", short: "c", value: "NAME", help: "A: colour")]),
            CommandDescriptor(name: "bad name;rm", abstract: "skipped"),
        ])
        for shell in ["bash", "zsh", "fish"] {
            let script = CompletionScript.script(for: shell, root: root) ?? ""
            #expect(script.contains("brand-new") && script.contains("colour"))
            #expect(!script.contains("bad name;rm"))
        }
        #expect(CompletionScript.script(for: "powershell", root: root) == nil)
    }

    @Test func bashCompletesCommandsSubcommandsOptionsAndFiles() async throws {
        let bash = try #require(Self.shell("bash"))
        let script = try #require(CompletionScript.script(for: "bash", root: MarksCommandLine.root))
        func complete(_ words: [String]) async throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let test = script + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _marks; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
            let result = try await runShell(bash, ["--norc", "--noprofile"], script: test)
            #expect(result.code == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init)
        }
        #expect(try await complete(["marks", "wid"]) == ["widget"])
        #expect(try await complete(["marks", "widget", "r"]) == ["recent", "random"])
        #expect(try await complete(["marks", "widget", "recent", "--f"]) == ["--format"])
        #expect(try await complete(["marks", "share", "--dry"]) == ["--dry-run"])
        #expect(try await complete(["marks", "completion", "--"]) == ["--help"])
        #expect(try await complete(["marks", "list", "--tag", "w"]) == [])
        #expect(try await complete(["marks", "share", "--file", "/etc/host"]).contains("/etc/hostname"))
        #expect(try await complete(["marks", "--ver"]) == ["--version"])
    }

    @Test(.enabled(if: CompletionTests.shell("zsh") != nil))
    func zshScriptParses() async throws {
        let zsh = try #require(Self.shell("zsh"))
        let script = try #require(CompletionScript.script(for: "zsh", root: MarksCommandLine.root))
        let result = try await runShell(zsh, ["-n"], script: script)
        #expect(result.code == 0, "\(result.output)")
        let loaded = try await runShell(zsh, ["-f"], script: "autoload -U compinit && compinit -u\n" + script + "\nprint -r -- ${_comps[marks]}\n")
        #expect(loaded.code == 0 && loaded.output.contains("_marks"), "\(loaded.output)")
    }

    @Test(.enabled(if: CompletionTests.shell("fish") != nil))
    func fishCompletesCommandsAndOptions() async throws {
        let fish = try #require(Self.shell("fish"))
        let script = try #require(CompletionScript.script(for: "fish", root: MarksCommandLine.root))
        let test = script + """

        complete -C 'marks wid'
        echo ---
        complete -C 'marks widget r'
        echo ---
        complete -C 'marks share --dry'
        """
        let result = try await runShell(fish, ["--no-config"], script: test)
        #expect(result.code == 0, "\(result.output)")
        let parts = result.output.components(separatedBy: "---\n")
        #expect(parts.count == 3)
        #expect(parts[0].hasPrefix("widget\t"))
        #expect(parts[1].contains("recent\t") && parts[1].contains("random\t") && !parts[1].contains("podcasts"))
        #expect(parts[2].hasPrefix("--dry-run\t"))
    }

    @Test func theCommandPrintsScriptsAndRefusesOtherShells() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(await cli.run(["completion", "bash"]) == 0)
        #expect(cli.stdout.contains("complete -F _marks marks"))
        cli.reset()
        #expect(await cli.run(["completion", "tcsh"]) == 64)
        #expect(cli.stderr.contains("bash, zsh or fish"))
    }
}
