import Foundation
import MarksCore
import MarksBookmarks
import SystemSupport

/// `marks desktop install [--uninstall]`: registers Marks with the desktop — a `.desktop` entry handling
/// `marks://` links (`marks open %u`) and a "Save to Marks" launcher (`marks share --clipboard`) in
/// `$XDG_DATA_HOME/applications`, then `xdg-mime default` and `update-desktop-database` when installed.
enum DesktopCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "desktop",
        abstract: "Desktop integration: the marks:// link handler and a Save to Marks launcher.",
        subcommands: [
            CommandDescriptor(
                name: "install", abstract: "Install (or with --uninstall remove) the desktop entries.",
                arguments: [.flag("uninstall", help: "Remove the entries instead.")]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        return try run(arguments, context: context, executable: executable)
    }

    /// Runs with the absolute path of the `marks` executable to register.
    static func run(_ arguments: ParsedArguments, context: CLIContext, executable: String) throws -> Int32 {
        let applications = applicationsDirectory(context.environment)
        let handler = applications.appendingPathComponent(DesktopEntry.handlerFile)
        let share = applications.appendingPathComponent(DesktopEntry.shareFile)
        if arguments.flag("uninstall") {
            var removed = 0
            for file in [handler, share] where FileManager.default.fileExists(atPath: file.path) {
                do {
                    try FileManager.default.removeItem(at: file)
                } catch {
                    throw CLIFailure("Cannot remove \(file.path): \(error.localizedDescription)")
                }
                context.print("Removed \(file.path)")
                removed += 1
            }
            if removed == 0 { context.print("Nothing to remove in \(applications.path).") }
            updateDatabase(applications, context: context)
            return ExitCode.success
        }
        guard executable.hasPrefix("/") else { throw CLIFailure("The path of marks must be absolute, not '\(executable.singleLine)'.") }
        do {
            try AtomicFile.write(Data(try DesktopEntry.handler(executable: executable).utf8), to: handler, mode: 0o644)
            try AtomicFile.write(Data(try DesktopEntry.share(executable: executable).utf8), to: share, mode: 0o644)
        } catch let error as AtomicFile.WriteError {
            throw CLIFailure(error.description)
        }
        context.print("Wrote \(handler.path)")
        context.print("Wrote \(share.path)")
        var code = ExitCode.success
        if let xdgMime = ExternalTool.find("xdg-mime", environment: context.environment) {
            let result = try xdgMime.run(["default", DesktopEntry.handlerFile, DesktopEntry.schemeType], environment: context.environment)
            if result.status == 0 {
                context.print("marks:// links now open with Marks.")
            } else {
                context.printError("marks: xdg-mime default failed (exit \(result.status)): \(result.errorOutput.singleLine)")
                code = ExitCode.failure
            }
        } else {
            context.printError("xdg-mime is not installed (package xdg-utils); to make Marks open marks:// links run: xdg-mime default \(DesktopEntry.handlerFile) \(DesktopEntry.schemeType)")
        }
        updateDatabase(applications, context: context)
        return code
    }

    /// `$XDG_DATA_HOME/applications` (default `~/.local/share/applications`).
    static func applicationsDirectory(_ environment: [String: String]) -> URL {
        let base: URL
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = URL(fileURLWithPath: data)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/root"
            base = URL(fileURLWithPath: home).appendingPathComponent(".local/share")
        }
        return base.appendingPathComponent("applications")
    }

    private static func updateDatabase(_ applications: URL, context: CLIContext) {
        guard let tool = ExternalTool.find("update-desktop-database", environment: context.environment) else { return }
        do {
            let result = try tool.run([applications.path], environment: context.environment)
            if result.status != 0 {
                context.printError("warning: update-desktop-database failed (exit \(result.status)): \(result.errorOutput.singleLine)")
            }
        } catch {
            context.printError("warning: \(CLIErrorMessage.describe(error))")
        }
    }
}
