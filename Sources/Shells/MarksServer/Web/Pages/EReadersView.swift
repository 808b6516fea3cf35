import Foundation

/// Settings → Devices → E-readers (KOReader): the clients allowed in through the wallabag endpoints, each with its
/// client id, username, when it last signed in and Revoke; a form to add one; and, right after adding, what to type
/// into KOReader's Wallabag settings — the server address, the client id, and the secret and password, shown this once.
struct EReadersView {
    struct Client: Equatable {
        var id: Int
        var name: String
        var clientID: String
        var username: String
        var created: String
        var lastUsed: String
    }

    /// A client just made: everything KOReader asks for.
    struct Made: Equatable {
        var name: String
        var clientID: String
        var clientSecret: String
        var username: String
        var password: String
    }

    struct Content {
        /// Where the device reaches the endpoints (`…/wallabag`).
        var serverURL: String
        var clients: [Client] = []
        var made: Made?
        var problem: String?
    }

    var content: Content
    var csrfToken: String

    func render() -> HTML {
        let csrf = HTML.csrfField(csrfToken)
        let list: HTML = content.clients.isEmpty ? "<p class=\"hint\" id=\"ereaders-empty\">No e-reader has been added.</p>"
            : "<ul class=\"sessions\" id=\"ereaders\" aria-labelledby=\"ereaders-heading\">\(HTML.each(content.clients, clientHTML))</ul>"
        return """
            <h3 id="ereaders-heading">E-readers (KOReader)</h3>\
            <p id="ereaders-hint">KOReader's Wallabag plugin syncs your bookmarks that are not archived as EPUBs, and archives them \
            here when you finish them on the device. Add the e-reader, then type what Marks shows into the plugin's settings.</p>\
            \(content.problem.map(HTML.problem) ?? .empty)\(madeHTML())\(list)\
            <form method="post" action="/settings/ereaders#ereaders-heading" class="stack ereader-form">\(csrf)\
            <div><label for="ereader-name">Name</label><input type="text" id="ereader-name" name="name" maxlength="100" placeholder="Kobo Libra"></div>\
            <div><label for="ereader-username">Username</label><input type="text" id="ereader-username" name="username" maxlength="100" \
            placeholder="koreader" autocomplete="off"></div>\
            <div class="buttons"><button type="submit" id="add-ereader">Add an e-reader</button></div></form>
            """
    }

    private func madeHTML() -> HTML {
        guard let made = content.made else { return .empty }
        return """
            <div class="notice" role="status" id="ereader-made"><p>In KOReader: Wallabag → Settings → Configure Wallabag server. \
            The secret and the password are shown only now.</p><dl class="ereader-credentials">\
            <dt>Server URL</dt><dd><code id="ereader-server">\(content.serverURL)</code></dd>\
            <dt>Client ID</dt><dd><code id="ereader-client-id">\(made.clientID)</code></dd>\
            <dt>Client secret</dt><dd><code id="ereader-client-secret">\(made.clientSecret)</code></dd>\
            <dt>Username</dt><dd><code id="ereader-user">\(made.username)</code></dd>\
            <dt>Password</dt><dd><code id="ereader-password">\(made.password)</code></dd></dl></div>
            """
    }

    private func clientHTML(_ client: Client) -> HTML {
        """
        <li><span><span class="device-name">\(client.name)</span> <code>\(client.clientID)</code><br>\
        <span class="hint">user \(client.username) · added \(client.created) · last synced \(client.lastUsed)</span></span>\
        <form method="post" action="/settings/ereaders/\(String(client.id))/revoke#ereaders-heading">\(HTML.csrfField(csrfToken))\
        <button type="submit" aria-label="Revoke \(client.name), last synced \(client.lastUsed)">Revoke</button></form></li>
        """
    }
}
