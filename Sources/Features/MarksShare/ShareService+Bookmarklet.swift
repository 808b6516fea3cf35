import Foundation

extension ShareService {
    /// A bookmarklet (`javascript:` link to drag to the bookmarks bar) that opens the web app's share page,
    /// `<web app>/share?url=…&title=…&text=…`, for the current page and the selected text. The address must be
    /// http(s) with plain characters (letters, digits, `.-_~:/`), so it can sit in a JavaScript string and a URL.
    public static func bookmarklet(webAppURL: String) throws -> String {
        let trimmed = webAppURL.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 2048, let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty, components.user == nil, components.password == nil,
              components.query == nil, components.fragment == nil else {
            throw ShareError.invalidWebAppURL(webAppURL)
        }
        var base = "\(scheme)://\(host.lowercased())"
        if let port = components.port { base += ":\(port)" }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        base += path + "/share"
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_~:/[]".unicodeScalars)
        guard base.unicodeScalars.allSatisfy(plain.contains) else { throw ShareError.invalidWebAppURL(webAppURL) }
        return "javascript:(function(e){"
            + "location.href='\(base)?url='+e(location.href)+'&title='+e(document.title)"
            + "+'&text='+e(String(window.getSelection?window.getSelection():''));})(encodeURIComponent);"
    }
}
