import Foundation
import MarksAccess
import MarksAssembly
import MarksCore

/// `marks ereaders`: the e-readers (KOReader's wallabag plugin) allowed in through `marks serve`'s `/wallabag`
/// endpoints, as Settings → Devices lists them; `add` makes one and prints what to type into KOReader (the secret and
/// password only this once), `revoke ID` deletes one and its tokens at once.
enum EReadersCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "ereaders",
        abstract: "List the e-readers (KOReader) that sync through marks serve's /wallabag endpoints; add or revoke one.",
        discussion: "In KOReader: Wallabag → Settings → Configure Wallabag server, with the server URL http://HOST:PORT/wallabag and the client id, client secret, username and password that add prints.",
        arguments: [BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(name: "add", abstract: "Add an e-reader: prints its client id, secret, username and password (shown once).",
                              arguments: [
                                  .option("name", value: "TEXT", help: "What to call it (default: E-reader)."),
                                  .option("username", value: "TEXT", help: "The username it signs in with (default: koreader)."),
                                  BookmarkArguments.data,
                              ], printsData: true),
            CommandDescriptor(name: "revoke", abstract: "Revoke an e-reader: its tokens stop working at once.",
                              arguments: [.positional("id", help: "The number marks ereaders lists."), BookmarkArguments.data],
                              printsData: true),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let clients = try CompositionRoot.load(arguments, context: context).eReaderClients()
        let json = arguments.flag("json")
        switch arguments.commandPath.last {
        case "add":
            let made = try add(clients, arguments)
            if json {
                context.print(JSONValue.object([
                    ("id", .int(made.client.id)), ("name", .string(made.client.name)), ("client_id", .string(made.client.clientID)),
                    ("client_secret", .string(made.clientSecret)), ("username", .string(made.client.username)),
                    ("password", .string(made.password)),
                ]).serialized)
            } else {
                context.print("Client ID:     \(made.client.clientID)")
                context.print("Client secret: \(made.clientSecret)")
                context.print("Username:      \(made.client.username.singleLine)")
                context.print("Password:      \(made.password)")
                context.printError("In KOReader: Wallabag → Settings → Configure Wallabag server; the server URL is marks serve's address followed by /wallabag. The secret and password are not shown again.")
            }
        case "revoke":
            guard let text = arguments.positional("id"), let id = Int(text) else {
                throw arguments.usageError("give the e-reader's number (see marks ereaders)")
            }
            guard try clients.revoke(id: id) else { throw CLIFailure("No e-reader has the number \(text.singleLine.prefix(20)); marks ereaders lists them.") }
            context.print(json ? JSONValue.object([("revoked", .int(id))]).serialized : "Revoked e-reader \(id).")
        default:
            let all = try clients.clients()
            if json {
                context.print(JSONValue.array(all.map { client in
                    .object([("id", .int(client.id)), ("name", .string(client.name)), ("client_id", .string(client.clientID)),
                             ("username", .string(client.username)), ("created_at", .string(LinkdingDate.format(client.created))),
                             ("last_used_at", .optional(client.lastUsed.map(LinkdingDate.format)))])
                }).serialized)
            } else if all.isEmpty {
                context.print("No e-reader has been added (marks ereaders add).")
            } else {
                for client in all {
                    context.print("\(client.id)  \(client.name.singleLine)  \(client.clientID)  user \(client.username.singleLine)  "
                                  + "last synced \(client.lastUsed.map(LinkdingDate.format) ?? "never")")
                }
            }
        }
        return ExitCode.success
    }

    /// A new client from `--name` and `--username`; a name that cannot be kept is a usage error.
    private static func add(_ clients: EReaderClients, _ arguments: ParsedArguments) throws -> NewEReaderClient {
        let name = arguments.option("name") ?? ""
        let username = arguments.option("username") ?? ""
        if let problem = EReaderClients.problem(name: name, username: username) { throw arguments.usageError(problem) }
        return try clients.add(name: name, username: username)
    }
}
