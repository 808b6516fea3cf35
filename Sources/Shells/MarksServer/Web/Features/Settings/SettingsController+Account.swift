import Foundation
import HTTPServer
import MarksAppAPI
import MarksCore
import MarksFetch
import MarksBookmarks

/// Sign-in and sign-out, and Settings → Devices: sign-in links (with QR codes) for the address the server really
/// listens on, the list of signed-in browsers, and ending sessions.
extension SettingsController {
    /// `POST /settings/device-link`: a one-time link (15 minutes) for each address another device can use.
    func deviceLink(_ request: HTTPRequest) throws -> HTTPResponse {
        let reach = listenReach(request)
        let bases: [String]
        switch reach {
        case .thisComputer(let base): bases = [base]
        case .network(let all): bases = Array(all.prefix(3))
        }
        let token = try auth.signInToken()
        let links = bases.map { $0 + "/signin?token=" + token }
        return settingsView(request, fields: currentFields(), outcome: nil, devices: devicesContent(request, link: links, reach: reach))
    }

    /// `POST /settings/pairing-code`: a one-time code (10 minutes) an app on another machine registers with.
    func pairingCode(_ request: HTTPRequest, pairing: PairingCodes) throws -> HTTPResponse {
        var devices = devicesContent(request, link: nil)
        do {
            devices.pairingCode = try pairing.issue()
            switch devices.reach {
            case .thisComputer(let base): devices.pairingServer = base
            case .network(let bases): devices.pairingServer = bases.first
            }
        } catch {
            log("a pairing code could not be stored: \(error)")
            throw HTTPError(503, "The pairing code could not be made: the server's storage did not answer. Try again in a moment.")
        }
        return settingsView(request, fields: currentFields(), outcome: nil, devices: devices)
    }

    /// `POST /settings/sessions/:id/end`: signs that browser out.
    func endSession(_ request: HTTPRequest) throws -> HTTPResponse {
        guard let id = request.pathParameters["id"], !id.isEmpty else { throw HTTPError(404, "There is no such session.") }
        if id == session(of: request)?.nonce { return try signOut(request) }
        try auth.endSession(id)
        return redirect("/settings#devices", notice: "signed-out-device")
    }

    /// `POST /settings/sessions/end-others`: signs out every browser but this one.
    func endOtherSessions(_ request: HTTPRequest) throws -> HTTPResponse {
        try auth.endSessions(keeping: session(of: request)?.nonce)
        return redirect("/settings#devices", notice: "signed-out-others")
    }

    /// `POST /settings/apps/:id/revoke`: revokes one `/v1/` device's token (its next request gets 401).
    func revokeApp(_ request: HTTPRequest, devices: DeviceAuthority) throws -> HTTPResponse {
        guard let id = request.pathParameters["id"], !id.isEmpty else {
            throw HTTPError(404, "There is no such device.")
        }
        guard try devices.revoke(id) else { throw HTTPError(404, "There is no such device, or it is already revoked.") }
        return redirect("/settings#devices", notice: "revoked-app")
    }

    /// `POST /settings/apps/revoke-all`: revokes every `/v1/` device's token.
    func revokeAllApps(_ request: HTTPRequest, devices: DeviceAuthority) throws -> HTTPResponse {
        try devices.revokeAll()
        return redirect("/settings#devices", notice: "revoked-apps")
    }

    /// `POST /signout` (`?everywhere=1` ends every session and revokes every `/v1/` device token): ends the session
    /// server-side, so the old cookie is refused from now on, deletes the cookie, and tells the browser to drop cached
    /// pages and the service worker.
    func signOut(_ request: HTTPRequest) throws -> HTTPResponse {
        if request.query["everywhere"] == "1" {
            try revokeAppTokens()
            try auth.endSessions(keeping: nil)
        } else if let current = session(of: request) {
            try auth.endSession(current.nonce)
        }
        var response = HTTPResponse.redirect(to: "/signin?out=1", status: .seeOther)
        response.setCookie(SetCookie.deleting(OwnerAuth.cookieName))
        response.headers["Clear-Site-Data"] = "\"cache\", \"storage\""
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
        guard try auth.redeem(token) else {
            return page(SignInPage.title, tab: nil, SignInPage(reason: .linkRejected).render(), context: ctx, status: 403, signedIn: false)
        }
        let (_, cookie) = try auth.newSession(userAgent: request.headers["User-Agent"])
        var response = HTTPResponse.redirect(to: "/", status: .seeOther)
        response.setCookie(SetCookie(name: OwnerAuth.cookieName, value: cookie, maxAge: Int(OwnerAuth.sessionLifetime), sameSite: .lax))
        return response
    }

    /// What the Devices section shows: where links point, `link`s just made, and the signed-in browsers.
    func devicesContent(_ request: HTTPRequest, link: [String]?, reach: ListenAddress.Reach? = nil) -> DevicesView.Content {
        var content = DevicesView.Content(reach: reach ?? listenReach(request), links: link ?? [])
        content.pairingAvailable = pairingAvailable
        let current = session(of: request)?.nonce
        do {
            content.devices = try auth.sessions().map { record in
                DevicesView.Device(id: record.id, name: record.device, signedIn: dates.day(record.created),
                                   lastSeen: record.id == current ? "now" : dates.day(record.lastSeen), isThisDevice: record.id == current)
            }
        } catch {
            content.problem = message(error)
        }
        if let devices = apps {
            content.appsAvailable = true
            do {
                content.apps = try devices.devices().map { record in
                    DevicesView.App(id: record.deviceID, platform: record.platform, appVersion: record.appVersion,
                                    readsLibrary: record.scope == .owner,
                                    created: LinkdingDate.parse(record.registeredAt).map(dates.day) ?? record.registeredAt,
                                    lastSeen: record.lastSeenAt.flatMap(LinkdingDate.parse).map(dates.day) ?? "never")
                }
            } catch {
                content.problem = message(error)
            }
        }
        content.eReaders = eReadersContent(request)
        switch request.query["notice"] {
        case "revoked-ereader": content.notice = "That e-reader is revoked: its tokens stop working now."
        case "revoked-app": content.notice = "That app's token is revoked: it must pair again."
        case "revoked-apps": content.notice = "Every app's token is revoked: each must pair again."
        case "signed-out-device": content.notice = "That device is signed out."
        case "signed-out-others": content.notice = "Every other device is signed out."
        default: break
        }
        return content
    }

    /// Where sign-in links can point: the address the server listens on, else the request's Host.
    func listenReach(_ request: HTTPRequest) -> ListenAddress.Reach {
        if let address = web.listenAddress() { return address.reach(lanAddresses: web.lanAddresses()) }
        let host = request.headers["Host"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        let name = host.hasPrefix("[") ? String(host[...(host.firstIndex(of: "]") ?? host.startIndex)]) : String(host.split(separator: ":").first ?? "")
        let base = "http://" + host
        return ListenAddress(host: name, port: 0).isLoopback ? .thisComputer(base) : .network([base])
    }
}
