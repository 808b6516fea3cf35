import Foundation
import MarksAssembly
import MarksCore
import MarksBookmarks

/// The settings a command runs with: file, then `MARKS_*` environment, then flags. Warns once when the config file
/// is readable by others.
extension Settings {
    static func load(_ arguments: ParsedArguments, context: CLIContext) throws -> Settings {
        let paths = MarksPaths(environment: context.environment, dataDirectory: arguments.option("data"),
                               currentDirectory: context.currentDirectory)
        let store = ConfigStore(file: paths.configFile)
        if let warning = store.permissionWarning() { context.printError(warning) }
        let config = try store.load().applying(environment: context.environment)
        var settings = Settings(paths: paths, config: config, store: store)
        let flag = arguments.option("database")
        settings.databaseURL = try sharedDatabase(flag ?? context.environment["MARKS_DATABASE_URL"])
        if let flag, Self.holdsPassword(flag) { context.printError(Self.passwordOnCommandLineWarning) }
        if let text = context.environment["MARKS_TIMEOUT"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
                throw CLIFailure("MARKS_TIMEOUT must be a number of seconds between 0 and 3600, not \"\(text.prefix(40))\".")
            }
            settings.requestTimeout = seconds
        }
        return settings
    }

    /// What `--database` with a password in it prints to standard error (issue 35): every local user can read a
    /// process's arguments in `/proc/<pid>/cmdline`.
    static let passwordOnCommandLineWarning = """
        warning: --database holds a password, which every user of this machine can read in the process list \
        (/proc/<pid>/cmdline). Put the URL in MARKS_DATABASE_URL instead, or leave the password out and keep it in a \
        libpq password file (~/.pgpass, mode 0600, or the file PGPASSFILE names; see docs/DEPLOY.md).
        """

    /// True when a PostgreSQL URL carries a password: `user:password@` before the host, or a `password=` parameter.
    static func holdsPassword(_ url: String) -> Bool {
        guard let schemeEnd = url.range(of: "://") else { return false }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") { return true }
        guard let question = rest.firstIndex(of: "?") else { return false }
        return rest[rest.index(after: question)...].split(separator: "&").contains { parameter in
            parameter.lowercased().hasPrefix("password=") && parameter.count > "password=".count
        }
    }

    /// A `postgres://` or `postgresql://` URL, or nil for none (an empty value is none).
    static func sharedDatabase(_ value: String?) throws -> String? {
        guard let value, !value.isEmpty else { return nil }
        guard value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") else {
            throw CLIFailure("--database (or MARKS_DATABASE_URL) must be a postgres:// URL such as postgres://marks@db.internal/marks.")
        }
        return value
    }
}
