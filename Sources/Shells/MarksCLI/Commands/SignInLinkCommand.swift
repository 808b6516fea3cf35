import Foundation
import MarksAssembly
import MarksCore
import MarksFetch

/// `marks signin-link`: mints a one-time sign-in link for the running `marks serve` on the same data directory
/// (the link is stored in `marks.sqlite`, so the server accepts it without a restart), for the address it really
/// listens on — one link per LAN address for 0.0.0.0 / ::.
enum SignInLinkCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "signin-link",
        abstract: "Print a one-time sign-in link for the web app of the running marks serve.",
        discussion: "The link works once, within 15 minutes. It points at the address marks serve listens on (recorded in serve.json in the data directory); for --host 0.0.0.0 there is one link per network address of this computer.",
        arguments: [BookmarkArguments.data],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let directory = root.paths.dataDirectory
        let address: ListenAddress
        do {
            guard let recorded = try ListenAddress.load(from: directory) else {
                throw CLIFailure("marks serve is not running on \(directory.path) (there is no serve.json). Start it with marks serve; it prints a sign-in link itself.")
            }
            address = recorded
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure("Cannot read \(ListenAddress.file(in: directory).path): \(CLIErrorMessage.describe(error))")
        }
        let (token, expires) = try root.signInToken()
        let links: [String]
        var note: String?
        switch address.reach(lanAddresses: ListenAddress.lanAddresses()) {
        case .thisComputer(let base):
            links = [base + "/signin?token=" + token]
            note = ListenAddress.loopbackMessage
        case .network(let bases):
            links = bases.map { $0 + "/signin?token=" + token }
        }
        if arguments.flag("json") {
            context.print(JSONValue.object([
                ("links", .array(links.map(JSONValue.string))),
                ("expires_at", .string(ISO8601DateFormatter().string(from: expires))),
                ("this_computer_only", .bool(note != nil)),
                ("message", .optional(note)),
            ]).serialized)
        } else {
            for link in links { context.print(link) }
            context.printError("The link works once, within 15 minutes." + (links.count > 1 ? " Use the address of the network your phone is on." : ""))
            if let note { context.printError(note) }
        }
        return ExitCode.success
    }
}
