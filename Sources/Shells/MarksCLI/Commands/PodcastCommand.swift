import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks

/// `marks podcast …`: make episodes of bookmarks, web pages and sources (`generate`, `status`, `drain`), the library
/// (`list`, `play`, `feed`), the voices, and `queue`: the play queue and the podcast requests waiting for the main
/// process (queued by `marks share` and the web app's share page), those given up on, and files set aside as unreadable.
enum PodcastCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "podcast",
        abstract: "Podcasts: make episodes, list and play them, the request queue, the feed and the voices.",
        subcommands: PodcastGenerateCommand.descriptors + PodcastLibraryCommand.descriptors + [
            CommandDescriptor(
                name: "queue", abstract: "The play queue and the queued podcast requests.",
                arguments: [
                    .flag("retry-failed", help: "Queue the failed requests again."),
                    BookmarkArguments.data,
                ],
                printsData: true),
            PodcastVoicesCommand.descriptor,
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        if arguments.commandPath.contains("voices") { return try await PodcastVoicesCommand.run(arguments, context: context) }
        if let code = try await PodcastGenerateCommand.run(arguments, context: context) { return code }
        if let code = try await PodcastLibraryCommand.run(arguments, context: context) { return code }
        guard arguments.commandPath.last == "queue" else { throw arguments.usageError("name a podcast command (see marks podcast --help)") }
        let root = try CompositionRoot.load(arguments, context: context)
        let queue = try root.podcastRequests()
        let playQueue = try root.podcastLibrary().queue()
        if arguments.flag("retry-failed") {
            let count = try queue.retryFailed()
            context.printError("\(count) failed request\(count == 1 ? "" : "s") queued again.")
        }
        let listing = try queue.list()
        for path in listing.newlyQuarantined {
            context.printError("warning: an unreadable podcast request was moved to \(path)")
        }
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("play_queue", .array(playQueue.map(\.jsonValue))),
                ("pending", .array(listing.pending.map(\.jsonValue))),
                ("processing", .array(listing.processing.map(\.jsonValue))),
                ("failed", .array(listing.failed.map(\.jsonValue))),
                ("quarantined", .array(listing.quarantined.map(JSONValue.string))),
            ]).serialized)
            return ExitCode.success
        }
        if !playQueue.isEmpty {
            context.print("Play queue:")
            for (place, entry) in playQueue.enumerated() { context.print("  \(place + 1). " + PodcastLibraryCommand.line(entry)) }
        }
        if listing.pending.isEmpty && listing.processing.isEmpty && listing.failed.isEmpty {
            context.print("No podcast requests queued.")
        } else if !playQueue.isEmpty {
            context.print("Requests:")
        }
        for request in listing.processing { context.print(line(request, state: "running")) }
        for request in listing.pending { context.print(line(request, state: request.attempts == 0 ? "queued" : "retry")) }
        for request in listing.failed { context.print(line(request, state: "failed")) }
        if !listing.quarantined.isEmpty {
            context.print("\(listing.quarantined.count) unreadable file\(listing.quarantined.count == 1 ? "" : "s") in \(queue.quarantineDirectory.path)")
        }
        return ExitCode.success
    }

    private static func line(_ request: PodcastRequest, state: String) -> String {
        var text = state.padding(toLength: 8, withPad: " ", startingAt: 0) + (request.title.isEmpty ? request.url : request.title).singleLine
        text += "  — " + request.url.singleLine
        if request.trigger == .autoTag, let tag = request.matchedTag { text += "  (tag #\(tag.singleLine))" }
        if request.attempts > 0 { text += "  [\(request.attempts) attempt\(request.attempts == 1 ? "" : "s")]" }
        if state == "retry" { text += " next " + LinkdingDate.format(request.nextAttemptAt) }
        if let error = request.lastError, state != "queued" { text += ": " + String(error.singleLine.prefix(120)) }
        return text
    }
}
