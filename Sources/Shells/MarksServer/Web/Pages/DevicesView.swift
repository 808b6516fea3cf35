import Foundation
import MarksFetch
import MarksAppAPI
import QRCode

/// Settings → Devices: a one-time sign-in link for the address Marks really listens on (with a QR code for a
/// phone's camera and a Copy button) — or the sentence saying it listens only on this computer — and the list
/// of signed-in browsers, each with Sign out, plus Sign out everywhere.
struct DevicesView {
    /// A signed-in browser.
    struct Device: Equatable {
        var id: String
        var name: String
        var signedIn: String
        var lastSeen: String
        var isThisDevice: Bool
    }

    /// A `/v1/` device (an app that registered with the backend).
    struct App: Equatable {
        var id: String
        var platform: String
        var appVersion: String
        /// Whether its token reaches the library (registered with the owner's credential).
        var readsLibrary: Bool
        var created: String
        var lastSeen: String
    }

    struct Content {
        /// Where links can point.
        var reach: ListenAddress.Reach
        /// Freshly made sign-in links (one per address other devices can use), when asked for.
        var links: [String] = []
        var devices: [Device] = []
        /// A problem reading the sessions, in words.
        var problem: String?
        /// What the last sign-out on this page did.
        var notice: String?
        /// Whether the server makes pairing codes for apps on other machines.
        var pairingAvailable = false
        /// A pairing code just made, when asked for.
        var pairingCode: PairingCodes.Code?
        /// The address the pairing code's QR code names (the app registers there).
        var pairingServer: String?
        /// Whether the backend's devices are listed (with Revoke).
        var appsAvailable = false
        /// The apps with live `/v1/` tokens.
        var apps: [App] = []
        /// The e-readers of the wallabag endpoints (nil: that part is left out).
        var eReaders: EReadersView.Content?
    }

    var content: Content
    var context: PageContext

    func render() -> HTML {
        let csrf = HTML.csrfField(context.csrfToken)
        return """
            <section aria-labelledby="devices-heading" id="devices"><h2 id="devices-heading">Devices</h2>\
            \(content.notice.map(HTML.success) ?? .empty)\
            \(reachHTML())\(linksHTML())\
            <form method="post" action="/settings/device-link#devices" class="buttons">\(csrf)\
            <button type="submit" id="device-link">Make a sign-in link</button></form>\
            \(pairingHTML(csrf))\(appsHTML(csrf))\
            \(content.eReaders.map { EReadersView(content: $0, csrfToken: context.csrfToken).render() } ?? .empty)\
            <h3 id="sessions-heading">Signed-in devices</h3>\(content.problem.map(HTML.problem) ?? .empty)\
            <ul class="sessions" id="sessions" aria-labelledby="sessions-heading">\(HTML.each(content.devices, deviceHTML))</ul>\
            <div class="buttons"><form method="post" action="/settings/sessions/end-others#devices">\(csrf)\
            <button type="submit" id="sign-out-others"\(content.devices.count > 1 ? "" : " disabled")>Sign out everywhere else</button></form>\
            <form method="post" action="/signout?everywhere=1">\(csrf)<button type="submit" id="sign-out-everywhere" aria-describedby="everywhere-hint">Sign out everywhere</button></form>\
            <form method="post" action="/signout">\(csrf)<button type="submit" id="sign-out">Sign out</button></form></div>\
            <p class="hint" id="everywhere-hint">Sign out everywhere also revokes every app's token.</p></section>
            """
    }

    private func reachHTML() -> HTML {
        switch content.reach {
        case .thisComputer:
            return "<p class=\"notice\" id=\"listen-note\" role=\"note\">\(ListenAddress.loopbackMessage)</p>"
        case .network(let bases):
            return "<p id=\"listen-note\">To use Marks on your phone (on the same network as \(bases.first ?? "this computer")), open a one-time sign-in link there: scan its QR code with the camera.</p>"
        }
    }

    /// Pair a device: a one-time code an app on another machine registers with instead of the registration secret.
    private func pairingHTML(_ csrf: HTML) -> HTML {
        guard content.pairingAvailable else { return .empty }
        let code: HTML = content.pairingCode.map { code in
            """
            <div class="notice" role="status" id="pairing">\(pairingQR(code))<p>Pairing code: <code id="pairing-code">\(code.code)</code></p>\
            <p>Enter it in the Marks app on the other device within 10 minutes; it works once. Or scan its QR code with the app.</p></div>
            """
        } ?? .empty
        return """
            \(code)<form method="post" action="/settings/pairing-code#devices" class="buttons">\(csrf)\
            <button type="submit" id="pair-device" aria-describedby="pair-hint">Pair a device</button></form>\
            <p class="hint" id="pair-hint">For the Marks app on another machine: it asks for a one-time code.</p>
            """
    }

    /// The QR code of `marks://pair?server=<address>&code=<code>`, for an app's camera.
    private func pairingQR(_ code: PairingCodes.Code) -> HTML {
        let server = content.pairingServer ?? ""
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let payload = "marks://pair?server=" + (server.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") + "&code=" + code.code
        do {
            return "<figure class=\"qr\" id=\"pairing-qr\">\(HTML.svg(try QRCode(payload), label: "QR code of the pairing code"))</figure>"
        } catch {
            return HTML.problem("No QR code: \(String(describing: error))")
        }
    }

    /// Apps (`/v1/` devices) with live tokens, each with Revoke, and Revoke all.
    private func appsHTML(_ csrf: HTML) -> HTML {
        guard content.appsAvailable else { return .empty }
        let list: HTML = content.apps.isEmpty ? "<p class=\"hint\" id=\"apps-empty\">No app has registered.</p>" : """
            <ul class="sessions" id="apps" aria-labelledby="apps-heading">\(HTML.each(content.apps, appHTML))</ul>\
            <form method="post" action="/settings/apps/revoke-all#devices" class="buttons">\(csrf)\
            <button type="submit" id="revoke-all-apps">Revoke all apps</button></form>
            """
        return "<h3 id=\"apps-heading\">Apps</h3>\(list)"
    }

    private func appHTML(_ app: App) -> HTML {
        let reach = app.readsLibrary ? "reads your library" : "sends its own data only"
        return """
            <li><span><span class="device-name">\(app.platform) \(app.appVersion)</span> <code>\(String(app.id.prefix(12)))</code><br>\
            <span class="hint">\(reach) · registered \(app.created) · last seen \(app.lastSeen)</span></span>\
            <form method="post" action="/settings/apps/\(app.id)/revoke#devices">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" aria-label="Revoke \(app.platform) \(app.appVersion), last seen \(app.lastSeen)">Revoke</button></form></li>
            """
    }

    private func linksHTML() -> HTML {
        guard !content.links.isEmpty else { return .empty }
        let items = HTML.each(content.links.enumerated()) { index, link in
            let qr: HTML
            do {
                qr = HTML.svg(try QRCode(link), label: "QR code of the sign-in link")
            } catch {
                qr = HTML.problem("No QR code: \(String(describing: error))")
            }
            let id = index == 0 ? "device-link-url" : "device-link-url-\(index + 1)"
            return """
                <li class="device-link"><figure class="qr" id="\(index == 0 ? "device-qr" : "device-qr-\(index + 1)")">\(qr)\
                <figcaption><code id="\(id)">\(link)</code></figcaption></figure>\
                <button type="button" data-act="copy" data-url="\(link)" aria-describedby="\(id)">Copy</button></li>
                """
        }
        return """
            <div class="notice" role="status"><p>Open this link on the other device within 15 minutes; it works once.</p>\
            <ul class="device-links">\(items)</ul></div>
            """
    }

    private func deviceHTML(_ device: Device) -> HTML {
        let label: HTML = device.isThisDevice ? " <strong>(this device)</strong>" : .empty
        let action: HTML = device.isThisDevice ? .empty : """
            <form method="post" action="/settings/sessions/\(device.id)/end#devices">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" aria-label="Sign out \(device.name), last seen \(device.lastSeen)">Sign out</button></form>
            """
        return """
            <li><span><span class="device-name">\(device.name)</span>\(label)<br><span class="hint">Signed in \(device.signedIn) · \
            last seen \(device.lastSeen)</span></span>\(action)</li>
            """
    }
}
