/// The one place that turns what a link answered into a `LinkStatus` (pure: no I/O). 404 and 410 are broken, and so
/// are server errors and dead hosts; a site that refuses robots (401, 403, 429, other 4xx) is not called broken; a
/// permanent redirect (301, 308) to a page that answers is a move, a temporary one (302, 303, 307) is fine.
public enum LinkClassifier {
    /// The status of `url` from its answer.
    public static func classify(_ answer: LinkAnswer, url: String) -> LinkStatus {
        switch answer {
        case .failed(let failure):
            switch failure.kind {
            case .deadHost: return .broken(reason: "dead host: \(failure.message)")
            case .redirectLoop: return .broken(reason: failure.message)
            case .timeout, .notChecked, .network: return .unknown(reason: failure.message)
            }
        case .answered(let status, let finalURL, let hops):
            switch status {
            case 200...299:
                if hops.contains(where: \.isPermanent), finalURL != url { return .moved(to: finalURL) }
                return .ok
            case 401: return .ok // the page is there, behind a sign-in
            case 404: return .broken(reason: "HTTP 404 Not Found")
            case 410: return .broken(reason: "HTTP 410 Gone")
            case 403, 429: return .unknown(reason: "could not check: the site answered HTTP \(status)")
            case 500...599: return .broken(reason: "HTTP \(status) server error")
            default: return .unknown(reason: "the site answered HTTP \(status)")
            }
        }
    }

    /// Whether a HEAD answer should be asked again with GET: anything but a success, since many sites answer HEAD
    /// wrongly (405, 403, even 404) while GET works. A failure to connect is not asked twice.
    public static func needsGET(afterHEAD answer: LinkAnswer) -> Bool {
        guard case .answered(let status, _, _) = answer else { return false }
        return !(200...299).contains(status)
    }
}
