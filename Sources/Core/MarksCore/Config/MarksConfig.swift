import Foundation

/// Marks' settings, stored as `config.json` (mode 0600) in the XDG config dir and overridable by
/// `MARKS_*` environment variables and flags. Unknown keys are ignored and missing keys take defaults,
/// so older and newer files both load.
public struct MarksConfig: Sendable, Equatable, Codable {
    /// The user's linkding server; nil means the embedded store of `marks serve`.
    public var linkding: ServerConfig?
    /// A remote Marks backend (`/v1/`); nil means the engine runs in process.
    public var backendURL: String?
    /// Whether usage events are recorded (locally only).
    public var analyticsEnabled: Bool
    /// Whether page fetches may reach loopback and private addresses (off by default).
    public var allowPrivateNetworkFetches: Bool
    /// Whether Marks fetches pages at all (metadata, reading, enrichment); off for fully offline use.
    public var fetchPages: Bool
    /// Tags that queue a podcast when a shared bookmark carries one of them (case-insensitive).
    public var autoPodcastTags: [String]

    /// A configuration; the defaults use the embedded store and the in-process engine.
    public init(linkding: ServerConfig? = nil, backendURL: String? = nil, analyticsEnabled: Bool = true,
                allowPrivateNetworkFetches: Bool = false, autoPodcastTags: [String] = []) {
        self.linkding = linkding
        self.backendURL = backendURL
        self.analyticsEnabled = analyticsEnabled
        self.allowPrivateNetworkFetches = allowPrivateNetworkFetches
        self.fetchPages = true
        self.autoPodcastTags = autoPodcastTags
    }

    enum CodingKeys: String, CodingKey {
        case linkding
        case backendURL = "backend_url"
        case analyticsEnabled = "analytics_enabled"
        case allowPrivateNetworkFetches = "allow_private_network_fetches"
        case fetchPages = "fetch_pages"
        case autoPodcastTags = "auto_podcast_tags"
    }

    /// Decodes leniently: every key is optional.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        linkding = try c.decodeIfPresent(ServerConfig.self, forKey: .linkding)
        backendURL = try c.decodeIfPresent(String.self, forKey: .backendURL)
        analyticsEnabled = try c.decodeIfPresent(Bool.self, forKey: .analyticsEnabled) ?? true
        allowPrivateNetworkFetches = try c.decodeIfPresent(Bool.self, forKey: .allowPrivateNetworkFetches) ?? false
        fetchPages = try c.decodeIfPresent(Bool.self, forKey: .fetchPages) ?? true
        autoPodcastTags = try c.decodeIfPresent([String].self, forKey: .autoPodcastTags) ?? []
    }

    /// The configuration with `MARKS_*` environment variables applied on top.
    /// `MARKS_LINKDING_HOST`, `_PORT`, `_PATH`, `_TOKEN`, `_HTTPS` (1/0, true/false), `MARKS_BACKEND_URL`,
    /// `MARKS_ANALYTICS` (1/0), `MARKS_ALLOW_PRIVATE_FETCHES` (1/0), `MARKS_FETCH_PAGES` (1/0), `MARKS_AUTO_PODCAST_TAGS` (comma-separated).
    /// `MARKS_LINKDING_HOST=embedded` selects the embedded store.
    public func applying(environment env: [String: String]) -> MarksConfig {
        var copy = self
        if let host = env["MARKS_LINKDING_HOST"] {
            if host.isEmpty || host == "embedded" {
                copy.linkding = nil
            } else {
                copy.linkding = copy.linkding ?? ServerConfig(host: host, token: "")
                copy.linkding?.host = host
            }
        }
        if copy.linkding != nil {
            if let port = env["MARKS_LINKDING_PORT"] { copy.linkding?.port = Int(port) }
            if let path = env["MARKS_LINKDING_PATH"] { copy.linkding?.path = path }
            if let token = env["MARKS_LINKDING_TOKEN"] { copy.linkding?.token = token }
            if let https = env["MARKS_LINKDING_HTTPS"].flatMap(Self.bool) { copy.linkding?.useHTTPS = https }
        }
        if let backend = env["MARKS_BACKEND_URL"] { copy.backendURL = backend.isEmpty ? nil : backend }
        if let analytics = env["MARKS_ANALYTICS"].flatMap(Self.bool) { copy.analyticsEnabled = analytics }
        if let fetches = env["MARKS_ALLOW_PRIVATE_FETCHES"].flatMap(Self.bool) { copy.allowPrivateNetworkFetches = fetches }
        if let fetch = env["MARKS_FETCH_PAGES"].flatMap(Self.bool) { copy.fetchPages = fetch }
        if let tags = env["MARKS_AUTO_PODCAST_TAGS"] { copy.autoPodcastTags = TagNames.parse(tags) }
        return copy
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }
}
