import Foundation
import MarksAssembly
import MarksCore
import MarksJobs
import MarksBookmarks
import MarksShare

/// `marks share`: the share flow on the command line. Reads what was shared (standard input, `--file`,
/// `--clipboard` or the TEXT arguments), shows the pre-filled card and asks for edits on a terminal, or
/// saves at once with `--yes`; `--dry-run` shows what would be saved. An existing bookmark is updated.
enum ShareCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "share",
        abstract: "Save a link from shared text, a file or the clipboard (asks for tags and notes).",
        discussion: """
        The first http(s) link in what is shared is saved; the text around it becomes the notes. On a terminal
        the card is shown and you are asked for tags, notes, read later and podcast; elsewhere pass --yes
        (with --tags, --notes, --unread, --podcast) or --dry-run. A URL already saved is updated, never duplicated.
        """,
        arguments: [
            .positional("text", required: false, repeating: true, help: "Text or a URL to share (default: standard input)."),
            .option("file", short: "f", value: "FILE", help: "Read the payload from a file (.html, .rtf, .txt, …)."),
            .flag("clipboard", help: "Read the payload from the clipboard (wl-paste or xclip)."),
            .option("title", value: "TEXT", help: "Title (default: the link's text or the page's title)."),
            .option("tags", value: "a,b", help: "Tags to add to the card."),
            .option("notes", value: "TEXT", help: "Notes (replace the shared text)."),
            .flag("unread", help: "Mark as unread (read later)."),
            .flag("podcast", help: "Queue a podcast of the page."),
            .flag("accept-suggestions", help: "Add the suggested tags."),
            .flag("yes", short: "y", help: "Save without asking."),
            .flag("dry-run", help: "Show what would be saved; save nothing."),
            BookmarkArguments.data,
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        try await run(arguments, context: context, io: .live(context))
    }

    static func run(_ arguments: ParsedArguments, context: CLIContext, io: ShareIO) async throws -> Int32 {
        let dryRun = arguments.flag("dry-run")
        let prompter = arguments.flag("yes") || dryRun ? nil : io.prompter
        if prompter == nil && !arguments.flag("yes") && !dryRun {
            throw arguments.usageError("there is no terminal to ask on: pass --yes to save (with --tags, --notes, --unread, --podcast) or --dry-run to see the card")
        }
        let ingest = try ShareService.parse(try payloads(arguments, context: context, io: io))
        let root = try CompositionRoot.load(arguments, context: context)
        let settings = root.settings
        var draft: ShareDraft
        let service: ShareService?
        do {
            let share = try root.share()
            draft = try await share.prepare(ingest)
            service = share
        } catch {
            guard dryRun else { throw error }
            draft = ShareService.offlineDraft(ingest, autoPodcastTags: settings.config.autoPodcastTags, reason: CLIErrorMessage.describe(error))
            service = nil
        }
        apply(arguments, to: &draft)
        draft.warnings.forEach { context.printError("warning: \($0)") }
        if dryRun {
            if arguments.flag("json") {
                context.print(draft.jsonValue.serialized)
            } else {
                context.print(ShareCard.render(draft))
                context.print("(dry run: nothing saved)")
            }
            return ExitCode.success
        }
        if let prompter {
            context.print(ShareCard.render(draft))
            guard try ShareCard.edit(&draft, prompter: prompter) else {
                context.print("Not saved.")
                return ExitCode.failure
            }
        }
        guard let service else { return ExitCode.failure } // safe: without --dry-run a failed prepare has thrown
        let outcome = try await service.save(draft)
        report(outcome, json: arguments.flag("json"), context: context)
        await queueBackgroundWork(outcome, root: root, json: arguments.flag("json"), context: context)
        return outcome.podcastError == nil ? ExitCode.success : ExitCode.failure
    }

    /// The payloads from exactly one input: TEXT, `--file`, `--clipboard`, or standard input.
    static func payloads(_ arguments: ParsedArguments, context: CLIContext, io: ShareIO) throws -> [IngestPayload] {
        let text = arguments.positionals("text")
        let inputs = [!text.isEmpty, arguments.option("file") != nil, arguments.flag("clipboard")].filter { $0 }.count
        guard inputs <= 1 else { throw arguments.usageError("share one thing at a time: TEXT, --file or --clipboard") }
        if !text.isEmpty { return [.plainText(text.joined(separator: " "))] }
        if let path = arguments.option("file") { return [try readFile(path, context: context)] }
        if arguments.flag("clipboard") { return [.plainText(try io.readClipboard())] }
        guard !io.standardInputIsTerminal else {
            throw arguments.usageError("nothing to share: pipe text in (… | marks share), or give TEXT, --file FILE or --clipboard")
        }
        return [.textAttachment(try io.readStandardInput(), filename: nil)]
    }

    private static func readFile(_ path: String, context: CLIContext) throws -> IngestPayload {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : URL(fileURLWithPath: context.currentDirectory).appendingPathComponent(path)
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() } // safe: closing a file opened only for reading
            let data = try handle.read(upToCount: IngestPayloadParser.maximumPayloadBytes) ?? Data()
            return .textAttachment(data, filename: url.lastPathComponent)
        } catch {
            throw CLIFailure("Cannot read \(path): \(error.localizedDescription)")
        }
    }

    /// The flags, applied to the card before it is shown.
    private static func apply(_ arguments: ParsedArguments, to draft: inout ShareDraft) {
        if let title = arguments.option("title") { draft.title = title }
        if let notes = arguments.option("notes") { draft.notes = notes }
        if let tags = BookmarkArguments.tags(arguments) { draft.addTags(tags) }
        if arguments.flag("unread") { draft.unread = true }
        if arguments.flag("podcast") { draft.createPodcast = true }
        if arguments.flag("accept-suggestions") { draft.addTags(draft.suggestedTags) }
    }

    private static func report(_ outcome: ShareOutcome, json: Bool, context: CLIContext) {
        if let problem = outcome.podcastError { context.printError("marks: the bookmark was saved, but the podcast was not queued: \(problem)") }
        if json {
            context.print(outcome.jsonValue.serialized)
            return
        }
        context.print((outcome.updated ? "Updated " : "Saved ") + BookmarkOutput.line(outcome.bookmark).trimmingCharacters(in: .whitespaces))
        if outcome.podcast != nil {
            context.print(outcome.podcastNewlyQueued ? "Podcast queued (see marks podcast queue)." : "A podcast of this page was already queued.")
        }
    }

    /// Queues what the share flow leaves to `marks serve`: the new bookmark's enrichment, and a drain of the podcast
    /// requests when one was queued. A failure to queue is a warning: the bookmark is saved.
    private static func queueBackgroundWork(_ outcome: ShareOutcome, root: CompositionRoot, json: Bool, context: CLIContext) async {
        do {
            let jobs = try root.jobs()
            if !outcome.updated {
                try await jobs.enqueue(try EnrichmentService.enrichJob(id: outcome.bookmark.id, source: try root.source().identity))
                if !json { context.print("AI summary and tags: queued for marks serve (see marks jobs).") }
            }
        } catch {
            context.printError("warning: background work not queued: \(CLIErrorMessage.describe(error))")
        }
    }
}
