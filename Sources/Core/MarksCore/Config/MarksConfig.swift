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
    /// The language model behind the AI features; nil means the offline engine.
    public var ai: AIProviderConfig?
    /// The podcast voice and script; nil means the defaults (Piper when installed, else espeak-ng; narration).
    public var podcast: PodcastVoiceConfig?
    /// A secret `POST /v1/auth/register` must present (`X-Marks-Registration-Secret`); the client sends it too.
    public var registrationSecret: String?
    /// Whether AI enrichment also appends the summary to the bookmark's linkding notes (off by default).
    public var writeSummaryToNotes: Bool = false
    /// The address Marks is reached at from outside (a proxy's `https://marks.example`); the podcast feed's URLs are
    /// built on it. Nil: the address a request came to.
    public var publicURL: String?
    /// Host names `marks serve` answers besides its addresses, `localhost` and the public URL's host (others get 421).
    public var allowedHosts: [String] = []
    /// Whether a TLS proxy on this machine stands in front: its `X-Forwarded-Proto: https` (from loopback only) then
    /// counts as https (Secure cookies, HSTS, https links).
    public var trustedProxy: Bool = false

    /// A configuration; the defaults use the embedded store and the in-process engine.
    public init(linkding: ServerConfig? = nil, backendURL: String? = nil, analyticsEnabled: Bool = true,
                allowPrivateNetworkFetches: Bool = false, autoPodcastTags: [String] = [],
                ai: AIProviderConfig? = nil, registrationSecret: String? = nil) {
        self.linkding = linkding
        self.backendURL = backendURL
        self.analyticsEnabled = analyticsEnabled
        self.allowPrivateNetworkFetches = allowPrivateNetworkFetches
        self.fetchPages = true
        self.autoPodcastTags = autoPodcastTags
        self.ai = ai
        self.registrationSecret = registrationSecret
    }

    enum CodingKeys: String, CodingKey {
        case linkding
        case backendURL = "backend_url"
        case analyticsEnabled = "analytics_enabled"
        case allowPrivateNetworkFetches = "allow_private_network_fetches"
        case fetchPages = "fetch_pages"
        case autoPodcastTags = "auto_podcast_tags"
        case ai
        case podcast
        case registrationSecret = "registration_secret"
        case writeSummaryToNotes = "write_summary_to_notes"
        case publicURL = "public_url"
        case allowedHosts = "allowed_hosts"
        case trustedProxy = "trusted_proxy"
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
        ai = try c.decodeIfPresent(AIProviderConfig.self, forKey: .ai)
        podcast = try c.decodeIfPresent(PodcastVoiceConfig.self, forKey: .podcast)
        registrationSecret = try c.decodeIfPresent(String.self, forKey: .registrationSecret)
        writeSummaryToNotes = try c.decodeIfPresent(Bool.self, forKey: .writeSummaryToNotes) ?? false
        publicURL = try c.decodeIfPresent(String.self, forKey: .publicURL)
        allowedHosts = try c.decodeIfPresent([String].self, forKey: .allowedHosts) ?? []
        trustedProxy = try c.decodeIfPresent(Bool.self, forKey: .trustedProxy) ?? false
    }

    /// The configuration with `MARKS_*` environment variables applied on top.
    /// `MARKS_LINKDING_HOST`, `_PORT`, `_PATH`, `_TOKEN`, `_HTTPS` (1/0, true/false), `MARKS_BACKEND_URL`,
    /// `MARKS_ANALYTICS` (1/0), `MARKS_ALLOW_PRIVATE_FETCHES` (1/0), `MARKS_FETCH_PAGES` (1/0), `MARKS_AUTO_PODCAST_TAGS` (comma-separated).
    /// `MARKS_LINKDING_HOST=embedded` selects the embedded store. `MARKS_AI_PROVIDER` (anthropic, openai, or
    /// offline to drop the section), `MARKS_AI_MODEL`, `MARKS_AI_BASE_URL`, `MARKS_REGISTRATION_SECRET`, `MARKS_WRITE_SUMMARY_TO_NOTES` (1/0), `MARKS_PUBLIC_URL`,
    /// `MARKS_ALLOWED_HOSTS` (comma-separated), `MARKS_TRUSTED_PROXY` (1/0).
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
        copy.ai = Self.applyingAI(env, to: copy.ai)
        copy.podcast = PodcastVoiceConfig.applying(env, to: copy.podcast)
        if let notes = env["MARKS_WRITE_SUMMARY_TO_NOTES"].flatMap(Self.bool) { copy.writeSummaryToNotes = notes }
        if let secret = env["MARKS_REGISTRATION_SECRET"] { copy.registrationSecret = secret.isEmpty ? nil : secret }
        if let url = env["MARKS_PUBLIC_URL"] { copy.publicURL = url.isEmpty ? nil : url }
        if let hosts = env["MARKS_ALLOWED_HOSTS"] {
            copy.allowedHosts = hosts.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if let proxy = env["MARKS_TRUSTED_PROXY"].flatMap(Self.bool) { copy.trustedProxy = proxy }
        return copy
    }

    /// The `ai` section with `MARKS_AI_*` applied; a provider without a model stays off.
    private static func applyingAI(_ env: [String: String], to current: AIProviderConfig?) -> AIProviderConfig? {
        var ai = current
        if let name = env["MARKS_AI_PROVIDER"]?.lowercased() {
            guard let kind = AIProviderConfig.Kind(rawValue: name) else { return nil }
            if ai?.provider != kind { ai = AIProviderConfig(provider: kind, model: ai?.model ?? "") }
        }
        if let model = env["MARKS_AI_MODEL"], !model.isEmpty { ai?.model = model }
        if let base = env["MARKS_AI_BASE_URL"] { ai?.baseURL = base.isEmpty ? nil : base }
        guard let ai, !ai.model.isEmpty else { return nil }
        return ai
    }

    static func bool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: return nil
        }
    }
}
