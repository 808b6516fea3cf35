import Foundation
import HTTPServer
import MarksAccess

/// Settings → Devices → E-readers: adding a KOReader client (its secret and password shown once) and revoking one.
extension SettingsController {
    /// `POST /settings/ereaders`: makes a client from the form's name and username and shows its credentials.
    func addEReader(_ request: HTTPRequest, clients: EReaderClients) throws -> HTTPResponse {
        let form = try request.form()
        var devices = devicesContent(request, link: nil)
        let name = form["name"] ?? "", username = form["username"] ?? ""
        if let problem = EReaderClients.problem(name: name, username: username) {
            devices.eReaders?.problem = problem
            return settingsView(request, fields: currentFields(), outcome: nil, devices: devices, status: 400)
        }
        do {
            let made = try clients.add(name: name, username: username)
            devices.eReaders = eReadersContent(request, clients: clients)
            devices.eReaders?.made = EReadersView.Made(name: made.client.name, clientID: made.client.clientID, clientSecret: made.clientSecret,
                                                       username: made.client.username, password: made.password)
        } catch {
            log("an e-reader could not be added: \(error)")
            throw HTTPError(503, "The e-reader could not be added: the server's storage did not answer. Try again in a moment.")
        }
        var response = settingsView(request, fields: currentFields(), outcome: nil, devices: devices)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `POST /settings/ereaders/:id/revoke`: deletes the client and its tokens; its next request gets 401.
    func revokeEReader(_ request: HTTPRequest, clients: EReaderClients) throws -> HTTPResponse {
        guard let text = request.pathParameters["id"], let id = Int(text), try clients.revoke(id: id) else {
            throw HTTPError(404, "There is no such e-reader, or it is already revoked.")
        }
        return redirect("/settings#ereaders-heading", notice: "revoked-ereader")
    }

    /// The e-readers part of Settings → Devices (nil without the wallabag endpoints).
    func eReadersContent(_ request: HTTPRequest, clients: EReaderClients? = nil) -> EReadersView.Content? {
        guard let clients = clients ?? eReaders else { return nil }
        let base: String
        switch listenReach(request) {
        case .thisComputer(let only): base = only
        case .network(let bases): base = bases.first ?? "http://127.0.0.1:8080"
        }
        var content = EReadersView.Content(serverURL: base + WallabagAPI.prefix)
        do {
            content.clients = try clients.clients().map { client in
                EReadersView.Client(id: client.id, name: client.name, clientID: client.clientID, username: client.username,
                                    created: dates.day(client.created), lastUsed: client.lastUsed.map(dates.day) ?? "never")
            }
        } catch {
            content.problem = message(error)
        }
        return content
    }
}
