import Foundation

/// The device's identity with one backend: the device id (made once, kept in the credentials file) and the
/// current token. Registration is single-flight: concurrent calls that need a token share one registration.
actor AppAPISession {
    /// A token is renewed this long before its expiry.
    static let renewalMargin: TimeInterval = 300

    private let file: URL
    private let backendURL: String
    private let now: @Sendable () -> Date
    private let makeDeviceID: @Sendable () -> String
    private var credentials: AppAPICredentials?
    private var registration: Task<AppAPICredentials, any Error>?

    init(file: URL, backendURL: String, now: @escaping @Sendable () -> Date, makeDeviceID: @escaping @Sendable () -> String) {
        self.file = file
        self.backendURL = backendURL
        self.now = now
        self.makeDeviceID = makeDeviceID
    }

    /// The device id, made and stored on first use.
    func deviceID() throws(AppAPIClientError) -> String {
        try loaded().deviceID
    }

    /// A token valid for a while yet: the stored one, or a new one from `register(deviceID)`.
    func token(register: @escaping @Sendable (_ deviceID: String, _ renewing: String?) async throws -> (token: String, expiresAt: Date)) async throws -> String {
        let current = try loaded()
        if let token = current.token, current.backendURL == backendURL,
           let expiry = current.expiresAt, expiry.timeIntervalSince(now()) > Self.renewalMargin {
            return token
        }
        if let registration { return try await tokenOf(registration.value) }
        let deviceID = current.deviceID
        // A token still live (near its expiry) is offered for renewal: an owner device keeps its scope.
        let renewing = current.backendURL == backendURL && (current.expiresAt.map { $0 > now() } ?? false) ? current.token : nil
        let task = Task { () async throws -> AppAPICredentials in
            let issued = try await register(deviceID, renewing)
            return AppAPICredentials(deviceID: deviceID, backendURL: backendURL, token: issued.token, expiresAt: issued.expiresAt)
        }
        registration = task
        defer { registration = nil }
        let fresh = try await task.value
        try fresh.save(to: file)
        credentials = fresh
        return try tokenOf(fresh)
    }

    /// Forgets `token` after the backend refused it (unless a newer one replaced it already).
    func invalidate(_ token: String) throws(AppAPIClientError) {
        guard var current = credentials, current.token == token else { return }
        current.token = nil
        current.expiresAt = nil
        credentials = current
        try current.save(to: file)
    }

    private func tokenOf(_ credentials: AppAPICredentials) throws -> String {
        guard let token = credentials.token else { throw AppAPIClientError.malformedResponse("registration gave no token") }
        return token
    }

    private func loaded() throws(AppAPIClientError) -> AppAPICredentials {
        if let credentials { return credentials }
        if let stored = try AppAPICredentials.load(from: file) {
            credentials = stored
            return stored
        }
        let fresh = AppAPICredentials(deviceID: makeDeviceID())
        try fresh.save(to: file)
        credentials = fresh
        return fresh
    }
}
