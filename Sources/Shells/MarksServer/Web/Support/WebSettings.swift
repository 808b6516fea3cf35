import MarksCore
import MarksBookmarks

/// What the Settings page needs: the config file, a way to verify a linkding server (the live value is
/// `LinkdingClient(config).verifyConnection()`; tests pass a closure), and the source a web app over one
/// library uses. Switching the source while the server runs is `SourceSwitch`'s.
public struct WebSettings: Sendable {
    /// Reads and writes `config.json`.
    public var configStore: ConfigStore
    /// Checks a server configuration; throws `BookmarkSourceError` (or any error) with the exact problem.
    public var verify: @Sendable (ServerConfig) async throws -> ServerHealth
    /// The linkding server the process started with, nil for the embedded store (`WebApp(library:)` names its
    /// source with it; `WebApp(sources:)` asks the switch).
    public var activeServer: ServerConfig?

    /// Settings over a config store and a verifier.
    public init(configStore: ConfigStore, verify: @escaping @Sendable (ServerConfig) async throws -> ServerHealth,
                activeServer: ServerConfig?) {
        self.configStore = configStore
        self.verify = verify
        self.activeServer = activeServer
    }
}
