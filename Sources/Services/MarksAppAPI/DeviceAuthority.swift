import CryptoPrimitives
import Foundation
import SQLiteDatabase

/// Device auth for `/v1/`: registers devices and issues HS256 tokens carrying a scope (issue 35): `owner` when the
/// registration carried the owner's credential (a web session or API token the caller vouches for, the registration
/// secret or a one-time pairing code), else `anonymous` (rate-limited per client address). Checks the bearer token of
/// every other call against its device's record: registered, not revoked, and of the current token generation (a
/// re-registration or a revocation ends the earlier tokens at once, on every worker of a shared store).
public struct DeviceAuthority: Sendable {
    private let signer: TokenSigner
    private let registry: any DeviceRecords
    private let limits: AppAPILimits
    private let registrationSecret: String?
    private let registrations: SlidingWindowLimiter
    private let now: @Sendable () -> Date
    /// The one-time codes Settings → Devices and `marks devices pair` make; one stands in for the registration secret.
    public let pairing: PairingCodes

    /// Where the devices, the signing key and the rate windows are kept.
    public let store: AppAPIStore

    /// How long a device's last use may be old before an accepted token notes it again (one write a minute at most).
    static let lastSeenInterval: Int64 = 60

    /// An authority over `store`, signing with the key stored there. A non-nil `registrationSecret` must accompany
    /// every registration without another owner credential.
    public init(store: AppAPIStore, limits: AppAPILimits = AppAPILimits(), registrationSecret: String? = nil,
                now: @escaping @Sendable () -> Date) throws(AppAPIError) {
        self.store = store
        signer = TokenSigner(key: try store.signingSecret.loadOrCreate())
        registry = store.devices
        self.limits = limits
        self.registrationSecret = registrationSecret.flatMap { $0.isEmpty ? nil : $0 }
        registrations = SlidingWindowLimiter(limit: limits.registrations, scope: "register", windows: store.rateWindows, now: now)
        self.now = now
        pairing = PairingCodes(records: store.pairingCodes, now: now)
    }

    /// An authority over the backend tables of `database` (migrated here), signing with the key in the file beside it.
    public init(database: Database, limits: AppAPILimits = AppAPILimits(), registrationSecret: String? = nil,
                now: @escaping @Sendable () -> Date) throws(AppAPIError) {
        try self.init(store: .sqlite(database, now: now), limits: limits, registrationSecret: registrationSecret, now: now)
    }

    /// Whether registrations need the secret.
    public var requiresRegistrationSecret: Bool { registrationSecret != nil }

    /// Registers (or re-registers) the device a `POST /v1/auth/register` body describes and issues its token. With
    /// `ownerVouched` (the caller checked a signed-in web session with its CSRF token, or the API token) the device
    /// gets the owner scope, uncounted. A `pairingCode` (the `X-Marks-Pairing-Code` header) or the registration secret
    /// (`presentedSecret`, the `X-Marks-Registration-Secret` header, else the body's `registration_secret`) also give
    /// the owner scope; a wrong one counts towards the address's limit and is refused. `renewing` (an
    /// `Authorization: Bearer` header) renews a device's live owner token: the same device re-registers with the owner
    /// scope, uncounted (its old token ends, as with any re-registration); a token that does not qualify is ignored.
    /// `anonymousAllowed` false (a request from another machine, or through a proxy) refuses a registration without an
    /// owner credential when no secret is configured. Without any of them the
    /// registration counts towards the address's limit first (before the body is read) and, when no secret is
    /// configured, gets the anonymous scope. The pairing code is checked after the body, so a malformed body does not
    /// use it up.
    public func register(body: Data, presentedSecret: String?, pairingCode: String? = nil, ownerVouched: Bool = false,
                         renewing: String? = nil, anonymousAllowed: Bool = true, from address: String) throws(AppAPIError) -> IssuedToken {
        if ownerVouched {
            let request = try decode(body)
            try validate(request)
            return try issue(request, scope: .owner)
        }
        if let renewing, let owner = try ownerDevice(renewing) {
            let request = try decode(body)
            if request.deviceID == owner.deviceID {
                try validate(request)
                return try issue(request, scope: .owner)
            }
        }
        if let pairingCode {
            let request = try decode(body)
            try validate(request)
            guard try pairing.redeem(pairingCode) else {
                try admit(address)
                throw .forbidden("The pairing code is wrong, used or expired: make a new one in Marks → Settings → Devices or with marks devices pair.")
            }
            return try issue(request, scope: .owner)
        }
        if registrationSecret != nil, let presentedSecret {
            try checkSecret(presentedSecret, from: address)
            let request = try decode(body)
            try validate(request)
            return try issue(request, scope: .owner)
        }
        guard anonymousAllowed || registrationSecret != nil else {
            throw .forbidden("Registering from another machine needs a pairing code (Marks → Settings → Devices → Pair a device, or marks devices pair; sent in X-Marks-Pairing-Code) or the server's registration secret (registration_secret, sent in X-Marks-Registration-Secret).")
        }
        try admit(address)
        let request = try decode(body)
        return try issue(request, scope: try scope(presented: request.registrationSecret))
    }

    /// Registers (or re-registers) a device and issues its token (the in-process form of `register(body:…)`): the
    /// owner scope with the right secret, else the anonymous one (when no secret is configured).
    public func register(_ request: RegistrationRequest, presentedSecret: String?, from address: String) throws(AppAPIError) -> IssuedToken {
        try admit(address)
        return try issue(request, scope: try scope(presented: presentedSecret ?? request.registrationSecret))
    }

    /// The device of a live owner token in `authorization`, else nil (a token that does not qualify is no error: the
    /// registration goes on as if it had not been offered). A storage failure is not a refusal: it is thrown.
    private func ownerDevice(_ authorization: String) throws(AppAPIError) -> AuthenticatedDevice? {
        do {
            let device = try device(authorization: authorization)
            return device.scope == .owner ? device : nil
        } catch .storage(let detail) {
            throw .storage(detail)
        } catch {
            return nil
        }
    }

    private func decode(_ body: Data) throws(AppAPIError) -> RegistrationRequest {
        try WireDecoding.decode(RegistrationRequest.self, from: body, limit: limits.registerBody)
    }

    private func admit(_ address: String) throws(AppAPIError) {
        if case .limited(let retryAfter) = try registrations.acquire(address) {
            throw .rateLimited(retryAfter: retryAfter, what: "registrations from this address")
        }
    }

    /// The scope a registration already counted gets: owner with the right secret, anonymous without a secret when none
    /// is configured; refused otherwise.
    private func scope(presented: String?) throws(AppAPIError) -> DeviceScope {
        guard registrationSecret != nil else { return .anonymous }
        guard let presented else {
            throw .forbidden("This server needs a registration secret: send it in the X-Marks-Registration-Secret header.")
        }
        guard matches(presented) else { throw .forbidden("The registration secret is wrong.") }
        return .owner
    }

    /// Refuses a wrong secret, counting it towards the address's limit.
    private func checkSecret(_ presented: String, from address: String) throws(AppAPIError) {
        guard matches(presented) else {
            try admit(address)
            throw .forbidden("The registration secret is wrong.")
        }
    }

    private func matches(_ presented: String) -> Bool {
        guard let registrationSecret else { return false }
        // Hashing first makes the comparison constant-time in the secret's length too.
        return ConstantTime.equals(SHA256.hash(presented), SHA256.hash(registrationSecret))
    }

    private func issue(_ request: RegistrationRequest, scope: DeviceScope) throws(AppAPIError) -> IssuedToken {
        try validate(request)
        let issued = now()
        let generation = try registry.register(deviceID: request.deviceID, platform: request.platform, appVersion: request.appVersion,
                                               scope: scope, at: issued)
        let issuedAt = Int64(issued.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt + Int64(max(60, limits.tokenLifetimeSeconds))
        let token = signer.sign(TokenClaims(subject: request.deviceID, issuedAt: issuedAt, expiresAt: expiresAt, scope: scope,
                                            generation: generation))
        return IssuedToken(token: token, expiresAt: Date(timeIntervalSince1970: TimeInterval(expiresAt)), scope: scope)
    }

    /// The device id of a valid `Authorization: Bearer <token>` header value.
    public func authenticate(authorization: String?) throws(AppAPIError) -> String {
        try device(authorization: authorization).deviceID
    }

    /// The device of a valid `Authorization: Bearer <token>` header value and its scope: the token is signed here and
    /// not expired, and its device is registered, not revoked and of the token's generation (one read of its record).
    public func device(authorization: String?) throws(AppAPIError) -> AuthenticatedDevice {
        guard let authorization, !authorization.isEmpty else {
            throw .unauthorized("Send Authorization: Bearer <token>; get a token from POST /v1/auth/register.")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthorized("The Authorization header must be \"Bearer <token>\".")
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        let time = now()
        let seconds = Int64(time.timeIntervalSince1970.rounded(.down))
        let claims: TokenClaims
        do {
            claims = try signer.verify(token, now: seconds)
        } catch {
            throw .unauthorized("\(error) Register again at POST /v1/auth/register.")
        }
        guard let record = try registry.device(claims.subject) else {
            throw .unauthorized("\(TokenError.unknownDevice) Register again at POST /v1/auth/register.")
        }
        guard !record.revoked, record.generation == claims.generation ?? 0, claims.scope.map({ $0 == record.scope }) ?? true else {
            throw .unauthorized("\(TokenError.revoked) Register again at POST /v1/auth/register.")
        }
        if seconds - record.lastSeenSeconds >= Self.lastSeenInterval { try registry.touch(record.deviceID, at: time) }
        return AuthenticatedDevice(deviceID: record.deviceID, scope: record.scope)
    }

    /// The devices with live tokens, most recently seen first (Settings → Devices, `marks devices`).
    public func devices() throws(AppAPIError) -> [DeviceRecord] {
        try registry.devices()
    }

    /// Revokes one device's token (401 from its next request on); false when it has no live token.
    public func revoke(_ deviceID: String) throws(AppAPIError) -> Bool {
        try registry.revoke(deviceID, at: now())
    }

    /// Revokes every device's token; returns how many were live.
    @discardableResult
    public func revokeAll() throws(AppAPIError) -> Int {
        try registry.revokeAll(at: now())
    }

    /// Whether `authorization` carries a token this server signed that has not expired; the device registry is not
    /// asked (this decides, before a body is read, whether the sender gets more than the anonymous body limit).
    public func recognizes(authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        do {
            _ = try signer.verify(parts[1].trimmingCharacters(in: .whitespaces), now: Int64(now().timeIntervalSince1970.rounded(.down)))
            return true
        } catch {
            // Not an error to report here: an unverifiable token only keeps the anonymous body limit, and the
            // request's own authentication answers it with the reason.
            return false
        }
    }

    private func validate(_ request: RegistrationRequest) throws(AppAPIError) {
        let id = request.deviceID
        guard !id.isEmpty, id.utf8.count <= limits.deviceID else {
            throw .invalid("device_id must be 1 to \(limits.deviceID) characters.")
        }
        guard id.unicodeScalars.allSatisfy(Self.isIDCharacter) else {
            throw .invalid("device_id may hold only letters, digits, '-', '_', '.' and ':' (a UUID is best).")
        }
        for (field, value) in [("platform", request.platform), ("app_version", request.appVersion)] {
            guard !value.allSatisfy(\.isWhitespace) else { throw .invalid("\(field) is empty; give a value.") }
            guard value.utf8.count <= limits.clientLabel else {
                throw .invalid("\(field) is \(value.utf8.count) bytes long; at most \(limits.clientLabel) are accepted.")
            }
            guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .invalid("\(field) holds control characters.")
            }
        }
    }

    private static func isIDCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", ":": true
        default: false
        }
    }
}
