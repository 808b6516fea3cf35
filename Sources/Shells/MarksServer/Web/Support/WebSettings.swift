import MarksCore
import MarksLibrary

/// What the Settings page needs: the config file, a way to verify a linkding server (the live value is
/// `LinkdingClient(config).verifyConnection()`; tests pass a closure), and a description of the source
/// the running server uses, so the page can say when a restart is needed.
public struct WebSettings: Sendable {
    /// Reads and writes `config.json`.
    public var configStore: ConfigStore
    /// Checks a server configuration; throws `BookmarkSourceError` (or any error) with the exact problem.
    public var verify: @Sendable (ServerConfig) async throws -> ServerHealth
    /// The linkding server the running process uses, nil for the embedded store.
    public var activeServer: ServerConfig?
    /// Builds a library over a newly saved source (nil: the embedded store), so Save applies it without a restart;
    /// nil here leaves the running library alone (the page then says a restart is needed).
    public var makeLibrary: (@Sendable (ServerConfig?) throws -> LibraryService)?

    /// Settings over a config store and a verifier.
    public init(configStore: ConfigStore, verify: @escaping @Sendable (ServerConfig) async throws -> ServerHealth,
                activeServer: ServerConfig?, makeLibrary: (@Sendable (ServerConfig?) throws -> LibraryService)? = nil) {
        self.configStore = configStore
        self.verify = verify
        self.activeServer = activeServer
        self.makeLibrary = makeLibrary
    }
}
