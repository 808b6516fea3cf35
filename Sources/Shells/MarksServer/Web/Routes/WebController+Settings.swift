import Foundation
import HTTPServer
import MarksCore
import MarksLibrary

/// Settings (source, verify, theme, devices), sign-in and sign-out, and the public assets.
extension WebController {
    /// `/settings`.
    func settingsPage(_ request: HTTPRequest) -> HTTPResponse {
        do {
            let config = try settings.configStore.load()
            return settingsView(request, fields: Self.fields(config.linkding), outcome: nil)
        } catch {
            return settingsView(request, fields: SettingsPage.ServerFields(), outcome: .problem(String(describing: error)))
        }
    }

    /// `POST /settings`: writes the config file (a new source needs a restart).
    func saveSettings(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        var config: MarksConfig
        do {
            config = try settings.configStore.load()
        } catch {
            return settingsView(request, fields: Self.fields(form, saved: nil), outcome: .problem(String(describing: error)), status: 500)
        }
        let fields = Self.fields(form, saved: config.linkding)
        if fields.useLinkding {
            switch Self.server(from: form, saved: config.linkding) {
            case .failure(let problem): return settingsView(request, fields: fields, outcome: .problem(problem.message), status: 400)
            case .success(let server): config.linkding = server
            }
        } else {
            config.linkding = nil
        }
        do {
            try settings.configStore.save(config)
        } catch {
            return settingsView(request, fields: fields, outcome: .problem(String(describing: error)), status: 500)
        }
        var saved = fields
        saved.hasSavedToken = config.linkding?.token.isEmpty == false
        return settingsView(request, fields: saved, outcome: .saved(restartNeeded: config.linkding != settings.activeServer))
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
        let fields = Self.fields(form, saved: saved)
        guard fields.useLinkding else {
            return settingsView(request, fields: fields, outcome: .verified("Marks’ own store needs no verification."))
        }
        switch Self.server(from: form, saved: saved) {
        case .failure(let problem):
            return settingsView(request, fields: fields, outcome: .problem(problem.message), status: 400)
        case .success(let server):
            do {
                let health = try await settings.verify(server)
                return settingsView(request, fields: fields, outcome: .verified("Connected: linkding \(health.version) answers, and the token works."))
            } catch let error as BookmarkSourceError {
                return settingsView(request, fields: fields, outcome: .problem(error.message))
            } catch {
                return settingsView(request, fields: fields, outcome: .problem(String(describing: error)))
            }
        }
    }

    /// `POST /settings/device-link`: a one-time link for another device, valid for a day.
    func deviceLink(_ request: HTTPRequest) throws -> HTTPResponse {
        let host = request.headers["Host"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        let link = try auth.signInLink(baseURL: "http://" + host, validFor: 86_400)
        var fields = SettingsPage.ServerFields()
        do {
            fields = Self.fields(try settings.configStore.load().linkding)
        } catch {
            options.log("settings: config unreadable: \(error)")
        }
        return settingsView(request, fields: fields, outcome: nil, deviceLink: link)
    }

    /// `POST /theme`: stores the theme in a cookie.
    func setTheme(_ request: HTTPRequest) throws -> HTTPResponse {
        let form = try request.form()
        guard let theme = form["theme"].flatMap(WebTheme.init(rawValue:)) else { throw HTTPError(400, "Choose System, Light or Dark.") }
        var response = redirect(Self.returnPath(form))
        response.setCookie(SetCookie(name: WebTheme.cookieName, value: theme.rawValue, maxAge: 400 * 86_400))
        return response
    }

    /// `POST /signout`.
    func signOut() -> HTTPResponse {
        var response = HTTPResponse.redirect(to: "/signin?out=1", status: .seeOther)
        response.setCookie(SetCookie.deleting(OwnerAuth.cookieName))
        return response
    }

    /// `/signin?token=…`: redeems a one-time link and starts a session; without a token, explains how to get one.
    func signIn(_ request: HTTPRequest) throws -> HTTPResponse {
        let ctx = context(request)
        guard let token = request.query["token"] else {
            if session(of: request) != nil { return .redirect(to: "/", status: .seeOther) }
            let view = SignInPage(reason: request.query["out"] == "1" ? .signedOut : .noSession)
            return page(SignInPage.title, tab: nil, view.render(), context: ctx, signedIn: false)
        }
        guard auth.redeem(token) else {
            return page(SignInPage.title, tab: nil, SignInPage(reason: .linkRejected).render(), context: ctx, status: 403, signedIn: false)
        }
        let (_, cookie) = try auth.newSession()
        var response = HTTPResponse.redirect(to: "/", status: .seeOther)
        response.setCookie(SetCookie(name: OwnerAuth.cookieName, value: cookie, maxAge: Int(OwnerAuth.sessionLifetime), sameSite: .lax))
        return response
    }

    /// `/offline`: what the service worker shows for an uncached page.
    func offline(_ request: HTTPRequest) -> HTTPResponse {
        page("Offline", tab: nil, MessagePage.offline.render(), context: context(request), signedIn: false)
    }

    // MARK: Helpers

    private func settingsView(_ request: HTTPRequest, fields: SettingsPage.ServerFields, outcome: SettingsPage.Outcome?,
                              deviceLink: String? = nil, status: Int = 200) -> HTTPResponse {
        let ctx = context(request)
        let active = settings.activeServer.map { server in
            "the linkding server at " + (server.baseURL?.absoluteString ?? server.host)
        } ?? "Marks’ own store on this computer"
        let view = SettingsPage(fields: fields, outcome: outcome, deviceLink: deviceLink, activeDescription: active,
                                configPath: settings.configStore.file.path, context: ctx)
        return page(SettingsPage.title, tab: .settings, view.render(), context: ctx, status: status)
    }

    private struct Problem: Error {
        var message: String
    }

    private static func fields(_ server: ServerConfig?) -> SettingsPage.ServerFields {
        guard let server else { return SettingsPage.ServerFields() }
        return SettingsPage.ServerFields(useLinkding: true, host: server.host, port: server.port.map(String.init) ?? "",
                                         path: server.path, https: server.useHTTPS, hasSavedToken: !server.token.isEmpty)
    }

    private static func fields(_ form: QueryParameters, saved: ServerConfig?) -> SettingsPage.ServerFields {
        SettingsPage.ServerFields(useLinkding: form["source"] == "linkding", host: form["host"] ?? "", port: form["port"] ?? "",
                                  path: form["path"] ?? "", https: form["https"] == "1", hasSavedToken: saved?.token.isEmpty == false)
    }

    /// The server the form describes; an empty token keeps the saved one.
    private static func server(from form: QueryParameters, saved: ServerConfig?) -> Result<ServerConfig, Problem> {
        let portText = (form["port"] ?? "").trimmingCharacters(in: .whitespaces)
        var port: Int?
        if !portText.isEmpty {
            guard let number = Int(portText) else { return .failure(Problem(message: "The port must be a number, such as 9090.")) }
            port = number
        }
        let typed = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let server = ServerConfig(host: (form["host"] ?? "").trimmingCharacters(in: .whitespaces), port: port,
                                  path: (form["path"] ?? "").trimmingCharacters(in: .whitespaces),
                                  token: typed.isEmpty ? saved?.token ?? "" : typed, useHTTPS: form["https"] == "1")
        if let problem = server.problems.first { return .failure(Problem(message: problem)) }
        return .success(server)
    }
}
