import Foundation
import MarksAssembly
import MarksAppAPI
import MarksCore

/// `marks devices`: the apps registered with `marks serve`'s `/v1/` backend (name, platform, scope, last seen,
/// registered); `revoke ID` or `revoke --all` ends their tokens at once (also on a running server, and on every worker
/// of a shared PostgreSQL database); `pair` prints a one-time pairing code an app on another machine registers with.
enum DevicesCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "devices",
        abstract: "List the apps registered with marks serve's backend; revoke their tokens or pair a new one.",
        discussion: "An app registered with the owner's credential (a pairing code, the registration secret, the API token or a signed-in web session) reads your library; one registered from this machine without one may only send its own data (enrich a text, rank a list, speak a text).",
        arguments: [BookmarkArguments.data],
        subcommands: [
            CommandDescriptor(name: "revoke", abstract: "Revoke one app's token (or every one with --all); it must pair again.",
                              arguments: [
                                  .positional("id", required: false, help: "The device id marks devices lists."),
                                  .flag("all", help: "Revoke every app's token."),
                                  BookmarkArguments.data,
                              ], printsData: true),
            CommandDescriptor(name: "pair", abstract: "Print a one-time pairing code (10 minutes, one use) for an app on another machine.",
                              arguments: [BookmarkArguments.data], printsData: true),
        ],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let root = try CompositionRoot.load(arguments, context: context)
        let authority = try DeviceAuthority(store: try root.backendStore(), registrationSecret: root.config.registrationSecret, now: context.now)
        let json = arguments.flag("json")
        switch arguments.commandPath.last {
        case "revoke":
            if arguments.flag("all") {
                guard arguments.positional("id") == nil else { throw arguments.usageError("give a device id or --all, not both") }
                let count = try authority.revokeAll()
                context.print(json ? JSONValue.object([("revoked", .int(count))]).serialized
                              : "Revoked \(count) app token\(count == 1 ? "" : "s").")
                return ExitCode.success
            }
            guard let id = arguments.positional("id") else { throw arguments.usageError("give a device id (see marks devices) or --all") }
            guard try authority.revoke(id) else {
                throw CLIFailure("No app with a live token has the id \(id.singleLine.prefix(128)); marks devices lists them.")
            }
            context.print(json ? JSONValue.object([("revoked", .int(1)), ("device_id", .string(id))]).serialized : "Revoked the token of \(id).")
        case "pair":
            let code = try authority.pairing.issue()
            let expires = LinkdingDate.format(code.expiresAt)
            if json {
                context.print(JSONValue.object([("code", .string(code.code)), ("expires_at", .string(expires))]).serialized)
            } else {
                context.print(code.code)
                context.printError("Enter it in the Marks app on the other device (it sends it in X-Marks-Pairing-Code) before \(expires); it works once. A new code replaces this one.")
            }
        default:
            let devices = try authority.devices()
            if json {
                context.print(JSONValue.array(devices.map(jsonValue)).serialized)
            } else if devices.isEmpty {
                context.print("No app has registered with the backend.")
            } else {
                for device in devices {
                    context.print("\(device.deviceID.singleLine)  \(device.platform.singleLine) \(device.appVersion.singleLine)  "
                                  + "\(device.scope == .owner ? "reads the library" : "own data only")  "
                                  + "last seen \(device.lastSeenAt ?? "never")  registered \(device.registeredAt)")
                }
            }
        }
        return ExitCode.success
    }

    static func jsonValue(_ device: DeviceRecord) -> JSONValue {
        .object([
            ("device_id", .string(device.deviceID)),
            ("platform", .string(device.platform)),
            ("app_version", .string(device.appVersion)),
            ("scope", .string(device.scope.rawValue)),
            ("last_seen_at", .optional(device.lastSeenAt)),
            ("registered_at", .string(device.registeredAt)),
        ])
    }
}
