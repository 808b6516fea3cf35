import Foundation
import HTTPServer
import MarksAssembly
import MarksCore
import MarksBookmarks
import MarksFetch
import SentenceEmbeddings
import SQLiteDatabase
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// `marks serve`: the web app, the Marks backend (`/v1/`) and the embedded linkding API (`/api/`) on one port.
enum ServeCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "serve",
        abstract: "Serve the web app, the backend API and the embedded linkding store.",
        discussion: "Listens on 127.0.0.1:8080 by default. Logs one JSON line per request to standard error (MARKS_LOG=off silences it). Stops cleanly on Ctrl-C or SIGTERM.",
        arguments: [
            .option("host", value: "ADDRESS", help: "Address to listen on (default 127.0.0.1; 0.0.0.0 exposes it to the network)."),
            .option("port", short: "p", value: "PORT", help: "Port (default 8080; 0 picks a free one)."),
            .option("data", value: "DIR", help: "Data directory (default $XDG_DATA_HOME/marks)."),
            .option("model-idle", value: "SECONDS", help: "Give the embedding model's memory (~100 MB) and the loaded vectors back after this long unused (5 s once only background work used them); the next semantic search or indexing loads them again (default 300; 0 keeps them loaded)."),
            .option("max-body-mb", value: "MB", help: "Largest request body accepted, in megabytes (default 64; larger bodies get 413)."),
            .option("public-url", value: "URL", help: "The address clients use, e.g. https://marks.example (behind a TLS proxy): its host is answered, feed links use it, https makes cookies Secure and sends HSTS (or MARKS_PUBLIC_URL)."),
            .flag("trusted-proxy", help: "Believe X-Forwarded-Proto from a proxy on this machine (loopback) (or MARKS_TRUSTED_PROXY=1)."),
            .flag("open", help: "Open the web app in the browser."),
            .option("database", value: "URL", help: "Share the backend (devices, limits, analytics, jobs, podcasts) with other workers through this PostgreSQL database, e.g. postgres://marks@db.internal/marks (or MARKS_DATABASE_URL). See docs/DEPLOY.md."),
            .flag("worker-only", help: "Run background jobs only (podcast generation for every worker on --database), serving no HTTP."),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let signals = SignalWaiter()
        var settings = try Settings.load(arguments, context: context)
        if let publicURL = arguments.option("public-url") {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw CLIFailure("--public-url must be an http:// or https:// address such as https://marks.example.")
            }
            settings.config.publicURL = publicURL
        }
        if arguments.flag("trusted-proxy") { settings.config.trustedProxy = true }
        let host = arguments.option("host") ?? context.environment["MARKS_HOST"] ?? "127.0.0.1"
        let port = try arguments.intOption("port", in: 0...65_535) ?? Int(context.environment["MARKS_PORT"] ?? "") ?? 8080
        // Everything the server creates (databases, secrets, episodes, uploads) is its user's alone.
        umask(0o077)
        MallocArenas.limit(to: 2)
        let modelIdle = try arguments.intOption("model-idle", in: 0...604_800) ?? defaultModelIdleSeconds
        do {
            try FileManager.default.createDirectory(at: settings.paths.dataDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIFailure("Cannot create the data directory \(settings.paths.dataDirectory.path): \(error.localizedDescription)")
        }
        if let warning = dataDirectoryWarning(settings.paths.dataDirectory) { context.printError("warning: \(warning)") }
        let logOff = context.environment["MARKS_LOG"] == "off"
        let standardError = context.standardError
        let write: @Sendable (String) -> Void = { line in if !logOff { standardError(line) } }
        let logger = RequestLogger(now: context.now, write: write)
        let logError: @Sendable (String) -> Void = { message in logger.event("error", level: "error", [("message", message)]) }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let maxBody = try arguments.intOption("max-body-mb", in: 1...4096) ?? defaultMaxBodyMegabytes
        let root = CompositionRoot(settings: settings, context: context, runsBackgroundWork: true, warn: logError)
        // What a sync, an import or an indexing job freed goes back to the OS once the server is quiet again, with
        // SQLite's page caches (the next request reads its pages from the OS's cache), and so does the embedding model
        // once nothing has used it for `modelIdle` seconds, with the vectors held for vector search (40 MB at 100k
        // bookmarks; a search after that reads them again, as the first one after a start does).
        let model = root.model
        let trimmer = IdleMemoryTrimmer(release: { quiet in
            // A model only background work used (an indexing run, an enrichment pass) goes once the process is quiet
            // and it has been unused for a few seconds; one a person searched with stays `modelIdle`.
            let backgroundIdle: Duration? = quiet ? .seconds(Self.backgroundModelIdleSeconds) : nil
            guard modelIdle > 0, model.releaseIfUnused(for: .seconds(modelIdle), backgroundIdle: backgroundIdle) else { return false }
            root.openedSearchIndex?.releaseLoadedVectors()
            return true
        }, shed: { Database.releaseAllCaches() })
        trimmer.start()
        defer { trimmer.stop() }
        if arguments.flag("worker-only") {
            return try await runWorker(root, signals: signals, logger: logger, logError: logError, context: context)
        }
        let parts: ServeParts
        do {
            parts = try root.serveParts(exposed: !isLoopback(host), origin: "http://\(shownHost):\(port)", logError: logError,
                                        logEvent: { source in logger.event("source", [("source", source)]) })
        } catch {
            throw CLIFailure("Cannot start Marks on \(settings.paths.dataDirectory.path): \(CLIErrorMessage.describe(error))")
        }
        for warning in parts.backend.startupWarnings { context.printError("warning: \(warning)") }
        var accessLog: (@Sendable (AccessLogEntry) -> Void)?
        if !logOff { accessLog = { @Sendable entry in logger.log(entry) } }
        let server = HTTPServer(configuration: .init(host: host, port: port, maxBodySize: maxBody * 1024 * 1024, accessLog: accessLog),
                                responder: parts.app.router)
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            throw CLIFailure("Cannot listen on \(host):\(port): \(error). Is another server using the port? Try --port.")
        }
        let url = "http://\(shownHost):\(boundPort)/"
        let listening = ListenAddress(host: host, port: boundPort)
        parts.listen.set(listening)
        do {
            try listening.save(in: settings.paths.dataDirectory, pid: getpid())
        } catch {
            context.printError("warning: marks signin-link will not know this server's address: \(CLIErrorMessage.describe(error))")
        }
        if !isLoopback(host) {
            context.printError("warning: listening on \(host) exposes Marks to your network; anyone who can reach this port can try to use it. Use --host 127.0.0.1 to keep it on this machine.")
        }
        context.print("Marks is running at \(url)")
        context.print("data: \(settings.paths.dataDirectory.path)")
        context.print("backend: \(backendDescription(parts))")
        for line in banner(url: url, parts: parts) { context.print(line) }
        context.print("podcast voice: \(root.podcastVoiceSetup().summary)")
        let signIn = try parts.auth.signInLink(baseURL: String(url.dropLast()))
        context.print("sign in (once, within 15 minutes; marks signin-link makes another): \(signIn)")
        logger.event("start", [("url", url), ("version", MarksCommandLine.version)])
        do {
            try await parts.startJobs()
        } catch {
            context.printError("warning: background jobs did not start: \(CLIErrorMessage.describe(error))")
        }
        if arguments.flag("open") {
            do {
                _ = try OpenCommand.launch(signIn, context: context)
            } catch {
                context.printError("warning: could not open a browser (\(CLIErrorMessage.describe(error))); use the sign-in link above")
            }
        }
        let signal = await signals.wait()
        logger.event("stop", [("signal", signal)])
        await server.stop()
        await parts.stopJobs()  // running jobs go back to the queue; the next start carries on
        do {
            try ListenAddress.remove(from: settings.paths.dataDirectory, writtenBy: getpid(), address: listening)
        } catch {
            context.printError("warning: \(ListenAddress.file(in: settings.paths.dataDirectory).path) was not removed: \(CLIErrorMessage.describe(error))")
        }
        context.print("Marks stopped.")
        return ExitCode.success
    }

    /// The banner's lines about bookmarks: the embedded store's linkding API is advertised; a remote linkding
    /// server is named instead (this server's `/api/` only points clients there). A source switched in Settings
    /// later is a `source` line in the log.
    static func banner(url: String, parts: ServeParts) -> [String] {
        if let remote = parts.sources.current.remoteNotice {
            return ["bookmarks: the linkding server at \(remote.serverURL) (point linkding clients there)"]
        }
        return ["linkding API: \(url)api/ (print its token with `marks token`)"]
    }

    /// `--worker-only`: the server's parts with every job kind registered and the runners started, but no HTTP
    /// server; stops on SIGINT or SIGTERM like `marks serve` (running jobs go back to the queue).
    static func runWorker(_ root: CompositionRoot, signals: SignalWaiter, logger: RequestLogger,
                          logError: @escaping @Sendable (String) -> Void, context: CLIContext) async throws -> Int32 {
        let parts: ServeParts
        do {
            parts = try root.serveParts(exposed: false, origin: CompositionRoot.defaultServeURL, logError: logError)
        } catch {
            throw CLIFailure("Cannot start the Marks worker on \(root.paths.dataDirectory.path): \(CLIErrorMessage.describe(error))")
        }
        try await parts.startJobs()
        context.print("Marks worker running (no HTTP): jobs of \(root.paths.dataDirectory.path)")
        context.print("backend: \(backendDescription(parts))")
        logger.event("start", [("mode", "worker-only"), ("version", MarksCommandLine.version)])
        let signal = await signals.wait()
        logger.event("stop", [("signal", signal)])
        await parts.stopJobs()
        context.print("Marks worker stopped.")
        return ExitCode.success
    }

    /// Where the backend's state is, for the banner (a shared database by its kind and version, never its URL).
    static func backendDescription(_ parts: ServeParts) -> String {
        let health = parts.app.databaseHealth?()
        switch (health?.kind, health?.ok) {
        case ("postgresql"?, true?):
            return "shared PostgreSQL database (server \(health?.serverVersion.map(String.init) ?? "?")); jobs and podcasts shared by every worker"
        case ("postgresql"?, _):
            return "shared PostgreSQL database, NOT answering (see the log); requests to /v1/ fail until it does"
        default:
            return "this data directory (SQLite)"
        }
    }

    /// Request bodies up to this size are read (a 10 MB title still gets linkding's 400, not a 413).
    /// A bookmark file of 100,000 bookmarks from linkding is 20–40 MB, and the web's import buffers it: 64 MB lets a
    /// library that large in through Settings (signed in only: bodies without credentials stay at 64 KB).
    static let defaultMaxBodyMegabytes = 64

    /// Seconds the embedding model stays loaded unused (`--model-idle`): a reload costs well under a second, keeping
    /// it ~100 MB.
    static let defaultModelIdleSeconds = 300
    /// Seconds a model only background work used stays loaded once the server is quiet.
    static let backgroundModelIdleSeconds = 5

    /// A warning when other users may enter or list the data directory (it holds the database and the secrets).
    static func dataDirectoryWarning(_ directory: URL) -> String? {
        guard let mode = AtomicFile.permissions(of: directory), mode & 0o077 != 0 else { return nil }
        return "the data directory \(directory.path) is open to other users (mode \(String(mode, radix: 8))); run chmod 700 '\(directory.path)'"
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

}

/// Catches SIGINT and SIGTERM from the moment it is made, so a signal during start-up still stops the
/// server cleanly; `wait()` returns the first signal's name, even one that came before the call.
/// `@unchecked Sendable`: its state is guarded by `lock`.
final class SignalWaiter: @unchecked Sendable {
    private let lock = NSLock()
    private var received: String?
    private var continuation: CheckedContinuation<String, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            Glibc.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.fire(name) }
            source.resume()
            sources.append(source)
        }
    }

    func wait() async -> String {
        await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
            let early: String? = lock.withLock {
                if let received { return received }
                self.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
    }

    private func fire(_ name: String) {
        let pending: CheckedContinuation<String, Never>? = lock.withLock {
            guard received == nil else { return nil }
            received = name
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: name)
    }
}
