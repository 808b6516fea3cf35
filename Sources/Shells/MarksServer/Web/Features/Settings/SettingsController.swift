import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksAccess
import MarksPodcasts
import MarksBookmarks
import MarksDocuments
import MarksReading

/// Settings: the source (save, verify), devices and sessions (`+Account`), the podcast feed's part (`+PodcastFeed`)
/// and export (`+Export`); import is `ImportController`. Parts of the page for services this server may lack (app
/// devices, pairing, the podcast feed, listening settings) are decided once, by `WebRoutes`.
struct SettingsController: WebFeature {
    let web: WebContext
    /// The `/v1/` backend's devices, listed in Settings → Devices (nil: that part is left out).
    let apps: DeviceAuthority?
    /// Revokes every app's token (Sign out everywhere): the backend's devices', or nothing without them.
    let revokeAppTokens: @Sendable () throws -> Void
    /// Whether Settings → Devices offers Pair a device.
    let pairingAvailable: Bool
    /// The private podcast feed's secret (nil: Settings leaves the feed's part out).
    let feed: FeedSecrets?
    /// The bookmark feeds' key (nil: Settings leaves that part out).
    var bookmarkFeeds: FeedSecrets? = nil
    /// The e-readers of the wallabag endpoints (nil: Settings → Devices leaves that part out).
    var eReaders: EReaderClients? = nil
    /// The highlights, for the exports (nil: exported without them).
    var highlights: HighlightStore? = nil
    /// The archived page texts, for the Markdown export with text (nil: exported without them).
    var pageArchive: PageArchive? = nil
    /// The sources (pasted text and files), for the JSON export; nil when this server keeps none.
    var sourceLibrary: DocumentLibrary? = nil
    /// The followed feeds (nil: Settings leaves that part out).
    var feeds: FeedSubscriptions? = nil
    /// The listening settings (nil without podcasts: Settings leaves that part out).
    let listening: @Sendable () -> PodcastListeningSettings?
    /// The token Verify just checked, per session (so Save need not have it typed again).
    let verifiedTokens = VerifiedTokens()

    /// The Settings routes that need no optional service (the rest are mounted by `WebRoutes`).
    func mount(on r: inout Router) {
        r.get("/settings") { settingsPage($0) }
        r.post("/settings") { try await saveSettings($0) }
        r.post("/settings/verify") { try await verifySettings($0) }
        r.post("/settings/device-link") { try deviceLink($0) }
        r.post("/settings/sessions/end-others") { try endOtherSessions($0) }
        r.post("/settings/sessions/:id/end") { try endSession($0) }
        r.get("/settings/export") { try await export($0) }
        r.post("/signout") { try signOut($0) }
        r.get("/signin") { try signIn($0) }
    }

    /// `/settings`.
    func settingsPage(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let config = try settings.configStore.load()
            return settingsView(request, fields: Self.fields(config.linkding), outcome: nil)
        } catch {
            return settingsView(request, fields: SettingsPage.ServerFields(), outcome: .problem(String(describing: error)))
        }
    }

    /// `POST /settings`: writes the config file and, when the server can switch sources, switches every part
    /// built from the source to the new one at once (`SourceSwitch`). An empty token keeps the saved one, or the
    /// one Verify just checked.
    func saveSettings(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        var config: MarksConfig
        do {
            config = try settings.configStore.load()
        } catch {
            return settingsView(request, fields: Self.fields(form, saved: nil), outcome: .problem(String(describing: error)), status: 500)
        }
        var fields = Self.fields(form, saved: config.linkding)
        let sessionID = session(of: request)?.nonce ?? ""
        if fields.useLinkding {
            // As in Verify: a Save refused for another field keeps the token just typed on the server.
            rememberTypedToken(form, session: sessionID)
            fields.hasTypedToken = verifiedTokens.hasTyped(session: sessionID, at: auth.now())
            switch Self.server(from: form, saved: config.linkding, verified: { self.verifiedTokens.token(host: $0, session: sessionID, at: self.auth.now()) }) {
            case .failure(let problem): return settingsView(request, fields: fields, outcome: .problem(problem.message), status: 400)
            case .success(let server): config.linkding = server
            }
        } else {
            config.linkding = nil
        }
        let outcome: SettingsPage.Outcome
        do {
            let saved = config
            switch try await sources.switchTo(config.linkding, saving: { try settings.configStore.save(saved) }) {
            case .unchanged: outcome = .saved(.unchanged)
            case .applied: outcome = .saved(.applied)
            case .restartNeeded: outcome = .saved(.restartNeeded)
            }
        } catch SourceSwitchError.build(let error) {
            log("settings: the new source could not be used: \(error)")
            outcome = .problem("Saved, but Marks could not switch to the new source: \(message(error)) It keeps using the old one until marks serve is restarted.")
        } catch {
            return settingsView(request, fields: fields, outcome: .problem(String(describing: error)), status: 500)
        }
        verifiedTokens.forget(session: sessionID)
        var saved = config.linkding.map(Self.fields) ?? fields
        saved.useLinkding = config.linkding != nil
        saved.hasSavedToken = config.linkding?.token.isEmpty == false
        return settingsView(request, fields: saved, outcome: outcome)
    }

    /// `POST /settings/verify`: asks the server and shows the exact problem.
    func verifySettings(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let saved: ServerConfig?
        do {
            saved = try settings.configStore.load().linkding
        } catch {
            saved = nil
        }
        var fields = Self.fields(form, saved: saved)
        guard fields.useLinkding else {
            return settingsView(request, fields: fields, outcome: .verified("Marks’ own store needs no verification."))
        }
        let sessionID = session(of: request)?.nonce ?? ""
        rememberTypedToken(form, session: sessionID)
        fields.hasTypedToken = verifiedTokens.hasTyped(session: sessionID, at: auth.now())
        switch Self.server(from: form, saved: saved, verified: { self.verifiedTokens.token(host: $0, session: sessionID, at: self.auth.now()) }) {
        case .failure(let problem):
            return settingsView(request, fields: fields, outcome: .problem(problem.message), status: 400)
        case .success(let server):
            do {
                let health = try await settings.verify(server)
                verifiedTokens.remember(server.token, host: server.host, session: sessionID, at: auth.now())
                var shown = Self.fields(server)
                shown.hasSavedToken = saved?.token.isEmpty == false
                shown.hasVerifiedToken = true
                return settingsView(request, fields: shown, outcome: .verified("Connected: linkding \(health.version) answers, and the token works. Save to use it."))
            } catch {
                return settingsView(request, fields: fields, outcome: .problem(message(error)))
            }
        }
    }

    // MARK: Helpers

    /// Keeps the token just typed on the server (never in the page), so a Verify or Save refused for the host or port
    /// does not mean typing the token again.
    private func rememberTypedToken(_ form: QueryParameters, session: String) {
        let typed = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !typed.isEmpty { verifiedTokens.rememberTyped(typed, session: session, at: auth.now()) }
    }

    func settingsView(_ request: HTTPRequest, fields: SettingsPage.ServerFields, outcome: SettingsPage.Outcome?,
                      devices: DevicesView.Content? = nil, transfer: TransferView.Content = TransferView.Content(), status: Int = 200) -> HTTPResponse {
        let ctx = context(request)
        let active = sources.latest.description  // the newest: a Save that just switched reports the new source
        var view = SettingsPage(fields: fields, outcome: outcome, devices: devices ?? devicesContent(request, link: nil),
                                transfer: transfer, activeDescription: active, configPath: settings.configStore.file.path,
                                appliesWithoutRestart: sources.canSwitch, context: ctx)
        view.reading = preferences.current
        view.podcastFeed = podcastFeedContent(request)
        view.bookmarkFeeds = bookmarkFeedsContent(request)
        view.listening = listening()
        view.followedFeeds = followedFeedsSummary()
        return page(SettingsPage.title, tab: .settings, view.render(), context: ctx, status: status)
    }

    /// The followed feeds in a line for Settings: how many, and how many fail.
    private func followedFeedsSummary() -> String? {
        guard let feeds else { return nil }
        do {
            let all = try feeds.all()
            let failing = all.filter { $0.lastError != nil }.count
            if all.isEmpty { return "New items of RSS and Atom feeds you follow are saved as unread bookmarks." }
            return "Following \(all.count) feed\(all.count == 1 ? "" : "s")" + (failing > 0 ? "; \(failing) failing." : ".")
        } catch {
            return "The followed feeds could not be read: \(error)"
        }
    }

    private struct Problem: Error {
        var message: String
    }

    static func fields(_ server: ServerConfig?) -> SettingsPage.ServerFields {
        guard let server else { return SettingsPage.ServerFields() }
        return SettingsPage.ServerFields(useLinkding: true, host: server.host, port: server.port.map(String.init) ?? "",
                                         path: server.path, https: server.useHTTPS, hasSavedToken: !server.token.isEmpty)
    }

    private static func fields(_ form: QueryParameters, saved: ServerConfig?) -> SettingsPage.ServerFields {
        SettingsPage.ServerFields(useLinkding: form["source"] == "linkding", host: form["host"] ?? "", port: form["port"] ?? "",
                                  path: form["path"] ?? "", https: form["https"] == "1", hasSavedToken: saved?.token.isEmpty == false)
    }

    /// The server the form describes. The host field may hold a whole pasted address (`https://host:port/path/`,
    /// with or without `/api/`): its scheme, port and path win over the other fields. An empty token keeps the one
    /// Verify just checked for this host, else the saved one.
    private static func server(from form: QueryParameters, saved: ServerConfig?,
                               verified: (String) -> String?) -> Result<ServerConfig, Problem> {
        var host = (form["host"] ?? "").trimmingCharacters(in: .whitespaces)
        var path = (form["path"] ?? "").trimmingCharacters(in: .whitespaces)
        var https = form["https"] == "1"
        let portText = (form["port"] ?? "").trimmingCharacters(in: .whitespaces)
        var port: Int?
        if !portText.isEmpty {
            guard let number = Int(portText) else { return .failure(Problem(message: "The port must be a number, such as 9090.")) }
            port = number
        }
        if ServerAddress.needsSplitting(host) {
            guard let address = ServerAddress.parse(host) else {
                return .failure(Problem(message: "“\(host)” is not an address Marks understands. Paste it as https://links.example.com or type the host alone."))
            }
            host = address.host
            if let parsedPort = address.port { port = parsedPort }
            if !address.path.isEmpty { path = address.path }
            if let scheme = address.useHTTPS { https = scheme }
        }
        if let address = ServerAddress.parse(path), path.contains("://") {
            return .failure(Problem(message: "Put the whole address in the host field; the path is only a prefix such as /linkding (got \(address.host))."))
        }
        var segments = path.split(separator: "/").map(String.init)
        if let api = segments.firstIndex(of: "api") { segments.removeSubrange(api...) }
        path = segments.isEmpty ? "" : "/" + segments.joined(separator: "/")
        let typed = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let token = typed.isEmpty ? (verified(host) ?? saved?.token ?? "") : typed
        let server = ServerConfig(host: host, port: port, path: path, token: token, useHTTPS: https)
        if let problem = server.problems.first { return .failure(Problem(message: problem)) }
        return .success(server)
    }
}
