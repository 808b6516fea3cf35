import Testing
@testable import MarksCLI

@Suite struct ArgumentParserTests {
    static let root = CommandDescriptor(
        name: "marks", abstract: "root",
        subcommands: [
            CommandDescriptor(
                name: "list", abstract: "List bookmarks.",
                arguments: [.flag("unread", help: "u"), .option("tag", value: "T", help: "t"),
                            .option("limit", short: "n", value: "N", help: "n")],
                printsData: true),
            CommandDescriptor(
                name: "add", abstract: "Add.",
                arguments: [.positional("url", help: "u"), .option("tags", value: "a,b", help: "t")]),
            CommandDescriptor(
                name: "embed", abstract: "Embed.",
                arguments: [.positional("text", repeating: true, help: "t")], printsData: true),
            CommandDescriptor(
                name: "widget", abstract: "Widgets.",
                subcommands: [CommandDescriptor(name: "recent", abstract: "Recent.", printsData: true)]),
        ])

    func run(_ args: [String]) throws -> ParsedArguments {
        guard case .run(let parsed) = try ArgumentParser.parse(args, root: Self.root) else {
            Issue.record("expected a command to run")
            return try #require(nil as ParsedArguments?)
        }
        return parsed
    }

    @Test func bindsFlagsOptionsAndPositionals() throws {
        let parsed = try run(["list", "--unread", "--tag", "swift", "-n", "5", "--json"])
        #expect(parsed.commandPath == ["marks", "list"])
        #expect(parsed.flag("unread") && parsed.flag("json"))
        #expect(parsed.option("tag") == "swift")
        #expect(try parsed.intOption("limit", in: 1...1000) == 5)
        let add = try run(["add", "https://x.y/?a=1", "--tags=a,b"])
        #expect(add.positional("url") == "https://x.y/?a=1")
        #expect(add.option("tags") == "a,b")
        #expect(try run(["embed", "one", "two", "--", "--three"]).positionals("text") == ["one", "two", "--three"])
        #expect(try run(["widget", "recent", "--json"]).commandPath == ["marks", "widget", "recent"])
    }

    @Test(arguments: [
        (["list", "--nope"], "unknown option '--nope'"),
        (["list", "--tag"], "--tag needs a value (T)"),
        (["list", "--unread=yes"], "--unread takes no value"),
        (["add"], "missing URL"),
        (["add", "a", "b"], "unexpected argument 'b'"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["widget"], "'marks widget' needs a subcommand"),
        (["embed"], "missing TEXT"),
        (["embed", "-basicConfig"], "unknown option '-basicConfig' (words that start with '-' go after --, as in: -- -word)"),
    ])
    func usageErrorsSayWhatIsWrong(args: [String], message: String) {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(args, root: Self.root) }
        do {
            _ = try ArgumentParser.parse(args, root: Self.root)
        } catch let error as UsageError {
            #expect(error.message == message)
            #expect(error.usage.hasPrefix("usage: marks"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func badNumbersAreUsageErrors() throws {
        let parsed = try run(["list", "-n", "many"])
        #expect(throws: UsageError.self) { try parsed.intOption("limit", in: 1...1000) }
    }

    @Test func helpAndVersion() throws {
        guard case .help(let command, let path) = try ArgumentParser.parse(["list", "--help"], root: Self.root) else {
            Issue.record("expected help")
            return
        }
        let text = HelpFormatter.help(for: command, path: path)
        #expect(text.contains("usage: marks list [--unread] [--tag T] [--limit N] [--json]"))
        #expect(text.contains("--json"))
        guard case .version = try ArgumentParser.parse(["--version"], root: Self.root) else {
            Issue.record("expected version")
            return
        }
        guard case .help(let sub, _) = try ArgumentParser.parse(["help", "widget", "recent"], root: Self.root) else {
            Issue.record("expected help")
            return
        }
        #expect(sub.name == "recent")
    }

    @Test func everyRealCommandHasHelpAndDataCommandsTakeJSON() {
        func visit(_ command: CommandDescriptor) {
            #expect(command.arguments.contains { $0.name == "help" })
            if command.printsData { #expect(command.arguments.contains { $0.name == "json" }) }
            command.subcommands.forEach(visit)
        }
        visit(MarksCommandLine.root)
    }
}
