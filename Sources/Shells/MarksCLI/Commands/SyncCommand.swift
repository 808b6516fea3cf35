import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks
import Synchronization

/// `marks sync`: brings the local cache (bookmark list, AI metadata, tag counts) in step with the bookmark source —
/// only what changed since the last sync, plus deletions and deleted tags; `--full` walks everything.
enum SyncCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "sync",
        abstract: "Bring the local cache in step with your bookmarks (only what changed; --full for everything).",
        discussion: "Fetches what changed since the last sync from the live and archived lists, notices deleted bookmarks and deleted tags, and reports what was added, updated and removed. Shows progress on a terminal. A server that cannot be reached leaves the cache as it was (exit 1).",
        arguments: [.flag("full", help: "Walk the full list instead of only what changed."), BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let library = try CompositionRoot.load(arguments, context: context).library()
        let line = ProgressLine(context: context)
        let report: SyncReport
        do {
            report = try await library.sync(full: arguments.flag("full")) { line.show("Syncing \($0)") }
        } catch {
            line.finish()
            throw error
        }
        line.finish()
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("added", .int(report.added)), ("updated", .int(report.updated)), ("removed", .int(report.removed)),
                ("live", .int(report.live)), ("archived", .int(report.archived)), ("full", .bool(report.full)),
                ("vanished_tags", .array(report.vanishedTags.map(JSONValue.string))),
            ]).serialized)
        } else {
            let walk = report.full ? "full" : "incremental"
            context.print("Synced (\(walk)): \(report.added) added, \(report.updated) updated, \(report.removed) removed; "
                + "\(report.live) bookmarks, \(report.archived) archived.")
            if !report.vanishedTags.isEmpty {
                context.print("Tags deleted on the server: " + report.vanishedTags.map(\.singleLine).joined(separator: ", "))
            }
        }
        return ExitCode.success
    }

    /// The library over the configured source with its cache in the data dir's `marks.sqlite` (sync, import and
    /// export use it; the embedded store and the cache share one database handle).

    /// One progress line on standard error, redrawn in place with `\r`, only when output goes to a terminal.
    final class ProgressLine: Sendable {
        private let context: CLIContext
        private let shown = Mutex((text: "", width: 0))

        init(context: CLIContext) {
            self.context = context
        }

        /// Redraws the line (unchanged text is not written again).
        func show(_ text: String) {
            guard context.isTerminal else { return }
            let line = TerminalText.sanitized(text.singleLine)
            let output: String? = shown.withLock { state in
                guard line != state.text else { return nil }
                let padding = String(repeating: " ", count: max(0, state.width - line.count))
                state = (line, line.count)
                return "\r" + line + padding
            }
            if let output { context.standardError(output) }
        }

        /// Clears the line.
        func finish() {
            guard context.isTerminal else { return }
            let width = shown.withLock { state in
                defer { state = ("", 0) }
                return state.width
            }
            if width > 0 { context.standardError("\r" + String(repeating: " ", count: width) + "\r") }
        }
    }
}
