import Foundation
import MarksAssembly
import MarksCore
import MarksPodcasts

/// `marks podcast list|play|feed`: the podcast library — its episodes, newest first; an episode opened in the web
/// player (`/podcasts/<key>`); the private feed's address.
enum PodcastLibraryCommand {
    static let web = ArgumentSpec.option("web", value: "URL", help: "The web app's address (default $MARKS_WEB_URL, else http://127.0.0.1:8080).")

    static let descriptors = [
        CommandDescriptor(
            name: "list", abstract: "The episodes in the podcast library, newest first.",
            arguments: [
                .flag("played", help: "Only played episodes."),
                .flag("unplayed", help: "Only episodes not played yet."),
                .option("limit", value: "N", help: "At most N episodes (default 100)."),
                BookmarkArguments.data,
            ],
            printsData: true),
        CommandDescriptor(
            name: "play", abstract: "Open an episode in the web player.",
            arguments: [
                .positional("id", help: "An episode key (or a unique prefix of one), a bookmark id, or a source's id."),
                .flag("print", help: "Print the player's address instead of opening it."),
                web, BookmarkArguments.data,
            ],
            printsData: true),
        CommandDescriptor(
            name: "feed", abstract: "Print the private podcast feed's address (for any podcast app).",
            arguments: [web, BookmarkArguments.data],
            printsData: true),
    ]

    /// Runs the command when it is one of these; nil otherwise.
    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32? {
        switch arguments.commandPath.last {
        case "list": return try list(arguments, context: context)
        case "play": return try await play(arguments, context: context)
        case "feed": return try feed(arguments, context: context)
        default: return nil
        }
    }

    static func list(_ arguments: ParsedArguments, context: CLIContext) throws -> Int32 {
        if arguments.flag("played") && arguments.flag("unplayed") { throw arguments.usageError("--played and --unplayed exclude each other") }
        var limit = 100
        if let text = arguments.option("limit") {
            guard let number = Int(text), number > 0 else { throw arguments.usageError("--limit must be a positive whole number") }
            limit = number
        }
        let filter: PodcastLibraryFilter = arguments.flag("played") ? .played : arguments.flag("unplayed") ? .unplayed : .all
        let entries = try CompositionRoot.load(arguments, context: context).podcastLibrary().episodes(filter, limit: limit)
        if arguments.flag("json") {
            context.print(JSONValue.array(entries.map(\.jsonValue)).serialized)
            return ExitCode.success
        }
        if entries.isEmpty { context.printError("No podcast episodes yet (marks podcast generate ID --wait makes one).") }
        for entry in entries { context.print(line(entry)) }
        return ExitCode.success
    }

    static func play(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        guard let id = arguments.positional("id")?.trimmingCharacters(in: .whitespaces), !id.isEmpty else { throw arguments.usageError("missing ID") }
        let root = try CompositionRoot.load(arguments, context: context)
        let library = try root.podcastLibrary()
        let found: PodcastEntry?
        if let number = Int(id), number > 0 {
            found = try library.episode(bookmarkID: number)
        } else if UUID(uuidString: id) != nil {
            found = try library.episode(sourceID: id)
        } else {
            found = try library.episode(key: id.lowercased()) ?? entry(prefix: id.lowercased(), in: library)
        }
        guard let entry = found else {
            throw CLIFailure("No episode for \(id.singleLine.prefix(64)) in the podcast library (see marks podcast list; marks podcast generate makes one).")
        }
        let address = playerURL(web: webURL(arguments, context: context), key: entry.key)
        if arguments.flag("json") {
            context.print(JSONValue.object([("url", .string(address)), ("episode", entry.jsonValue)]).serialized)
            return ExitCode.success
        }
        if arguments.flag("print") {
            context.print(address)
            return ExitCode.success
        }
        return try OpenCommand.launch(address, context: context)
    }

    static func feed(_ arguments: ParsedArguments, context: CLIContext) throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let given = arguments.option("web") ?? context.environment["MARKS_WEB_URL"]
        let (address, onlyThisComputer) = try PodcastFeedLink.url(root: root, web: given.flatMap { $0.isEmpty ? nil : $0 })
        if arguments.flag("json") {
            context.print(JSONValue.object([("url", .string(address)), ("only_this_computer", .bool(onlyThisComputer))]).serialized)
        } else {
            context.print(address)
            if onlyThisComputer {
                context.printError("This address works on this computer only: start marks serve with --host 0.0.0.0, or set public_url, for a podcast app on your phone.")
            }
        }
        return ExitCode.success
    }

    // MARK: Shared

    /// The web app's address: `--web`, else `$MARKS_WEB_URL`, else the default serve address; no trailing slash.
    static func webURL(_ arguments: ParsedArguments, context: CLIContext) -> String {
        var web = arguments.option("web") ?? context.environment["MARKS_WEB_URL"] ?? CompositionRoot.defaultServeURL
        while web.hasSuffix("/") { web.removeLast() }
        return web
    }

    /// An episode's player page in the web app (the route the Podcasts tab serves).
    static func playerURL(web: String, key: String) -> String {
        "\(web)/podcasts/\(key)"
    }

    /// The one episode whose key starts with `prefix` (6 characters at least), nil when none or several do.
    static func entry(prefix: String, in library: PodcastLibrary) throws -> PodcastEntry? {
        guard prefix.count >= 6, prefix.count < 32, prefix.allSatisfy(\.isHexDigit) else { return nil }
        let matches = try library.episodes(.all, limit: 100_000).filter { $0.key.hasPrefix(prefix) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// One episode as a list line: state, length, title, site, key.
    static func line(_ entry: PodcastEntry) -> String {
        let state: String
        switch entry.rowState {
        case .queued: state = "queued"
        case .generating(let progress): state = "\(Int((progress * 100).rounded()))%"
        case .ready: state = "ready"
        case .played: state = "played"
        case .failed: state = "failed"
        }
        let length = entry.durationSeconds.map(duration) ?? "–"
        var text = state.padding(toLength: 8, withPad: " ", startingAt: 0) + length.padding(toLength: 8, withPad: " ", startingAt: 0)
        text += (entry.title.isEmpty ? entry.url : entry.title).singleLine.prefix(80)
        text += "  (\(origin(entry)))  \(entry.key)"
        if case .failed(let reason) = entry.rowState, !reason.isEmpty { text += "\n        " + String(reason.singleLine.prefix(200)) }
        return text
    }

    /// A ready episode in a few words: title (length, site) and key.
    static func summary(_ entry: PodcastEntry) -> String {
        let title = (entry.title.isEmpty ? entry.url : entry.title).singleLine.prefix(100)
        let length = entry.durationSeconds.map(duration) ?? "–"
        return "\(title) (\(length), \(origin(entry)))  \(entry.key)"
    }

    /// Where an episode comes from: its site, "source" for one of the user's sources (its URL is an internal
    /// `marks-source://` key), else the start of its URL.
    static func origin(_ entry: PodcastEntry) -> String {
        if !entry.site.isEmpty { return String(entry.site.singleLine.prefix(60)) }
        return entry.sourceID == nil ? String(entry.url.singleLine.prefix(60)) : "source"
    }

    /// Seconds as `m:ss` or `h:mm:ss`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, (total % 3600) / 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
