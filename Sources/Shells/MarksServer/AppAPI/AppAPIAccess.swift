import HTTPServer
import MarksAppAPI

/// The one place that says which device scope each `/v1/` route needs (issue 35). `anonymous` routes work only on
/// data the device sends itself (a text to enrich, a list to rank or group, analytics, a text to speak); everything
/// that reads the owner's library (Ask, podcast episodes of pages the server fetches) needs `owner`. A `/v1/` route
/// missing from the table needs `owner`, so a new route is closed until it is listed. Two podcast rules depend on more
/// than the path and are checked here too: an anonymous device must send the text to speak, and reads only the jobs it
/// asked for itself.
enum AppAPIAccess {
    /// The routes an anonymous device may call; any other `/v1/` route (but registration) needs the owner scope.
    static let anonymousRoutes: [(method: HTTPMethod, path: String)] = [
        (.post, "/v1/marks/enrich"),
        (.post, "/v1/marks/search"),
        (.post, "/v1/marks/collections"),
        (.post, "/v1/analytics/events"),
        (.post, "/v1/podcast/generate"),
        (.get, "/v1/podcast/status/"),
        (.get, "/v1/podcast/audio/"),
        (.head, "/v1/podcast/audio/"),
    ]

    /// The scope `request` needs.
    static func required(for request: HTTPRequest) -> DeviceScope {
        let open = anonymousRoutes.contains { route in
            route.method == request.method && (route.path.hasSuffix("/") ? request.path.hasPrefix(route.path) : request.path == route.path)
        }
        return open ? .anonymous : .owner
    }

    /// Refuses `device` when its scope does not reach `request`'s route.
    static func check(_ device: AuthenticatedDevice, for request: HTTPRequest) throws(AppAPIError) {
        guard device.scope.allows(required(for: request)) else { throw ownerNeeded("This call reads your library") }
    }

    /// Refuses an anonymous device's podcast request without a text of its own (the server would fetch the page, and
    /// an episode the owner already has would tell what was saved).
    static func checkGenerate(_ device: AuthenticatedDevice, text: String?) throws(AppAPIError) {
        guard device.scope == .anonymous, (text ?? "").allSatisfy(\.isWhitespace) else { return }
        throw ownerNeeded("A podcast of a page the server fetches (no text sent)")
    }

    /// Whether `device` may see the podcast job `jobID`: an owner device every job, an anonymous one only those it asked
    /// for (any other is answered as if it did not exist, so its existence tells nothing).
    static func maySee(_ jobID: String, _ device: AuthenticatedDevice, records: any DeviceRecords) throws(AppAPIError) -> Bool {
        guard device.scope == .anonymous else { return true }
        return try records.hasJob(jobID, for: device.deviceID)
    }

    private static func ownerNeeded(_ what: String) -> AppAPIError {
        .forbidden("\(what), so it needs a device registered with the owner's credential: a pairing code (Marks → Settings → Devices, or marks devices pair) in X-Marks-Pairing-Code, the registration secret, the API token or a signed-in web session. This device may only use the calls that work on what it sends.")
    }
}
