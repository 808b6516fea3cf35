import CryptoPrimitives
import Foundation
import SQLiteDatabase

/// Device auth for `/v1/`: registers anonymous devices (rate-limited per client address, optionally
/// behind a registration secret) and issues HS256 tokens; checks the bearer token of every other call
/// and that its device is still registered.
public struct DeviceAuthority: Sendable {
    private let signer: TokenSigner
    private let registry: any DeviceRecords
    private let limits: BackendLimits
    private let registrationSecret: String?
    private let registrations: SlidingWindowLimiter
    private let now: @Sendable () -> Date
    /// The one-time codes Settings → Devices makes; one stands in for the registration secret.
    public let pairing: PairingCodes

    /// Where the devices, the signing key and the rate windows are kept.
    public let store: BackendStore

    /// An authority over `store`, signing with the key stored there. A non-nil `registrationSecret` must accompany
    /// every registration.
    public init(store: BackendStore, limits: BackendLimits = BackendLimits(), registrationSecret: String? = nil,
                now: @escaping @Sendable () -> Date) throws(BackendError) {
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
    public init(database: Database, limits: BackendLimits = BackendLimits(), registrationSecret: String? = nil,
                now: @escaping @Sendable () -> Date) throws(BackendError) {
        try self.init(store: .sqlite(database, now: now), limits: limits, registrationSecret: registrationSecret, now: now)
    }

    /// Whether registrations need the secret.
    public var requiresRegistrationSecret: Bool { registrationSecret != nil }

    /// Registers (or re-registers) the device a `POST /v1/auth/register` body describes and issues its token:
    /// the address's rate limit first, then the body (at most `limits.registerBody` bytes), the secret, the fields.
    /// `presentedSecret` is the `X-Marks-Registration-Secret` header; the body's `registration_secret` counts when it is absent.
    /// A `pairingCode` (the `X-Marks-Pairing-Code` header) stands in for the secret: checked after the body, so a
    /// malformed body does not use the code up.
    public func register(body: Data, presentedSecret: String?, pairingCode: String? = nil, from address: String) throws(BackendError) -> IssuedToken {
        try admit(address)
        let request = try WireDecoding.decode(RegistrationRequest.self, from: body, limit: limits.registerBody)
        guard let pairingCode else { return try issue(request, presentedSecret: presentedSecret) }
        try validate(request)
        guard try pairing.redeem(pairingCode) else {
            throw .forbidden("The pairing code is wrong, used or expired: make a new one in Marks → Settings → Devices.")
        }
        return try issue(request, presentedSecret: nil, paired: true)
    }

    /// Registers (or re-registers) a device and issues its token (the in-process form of `register(body:…)`).
    public func register(_ request: RegistrationRequest, presentedSecret: String?, from address: String) throws(BackendError) -> IssuedToken {
        try admit(address)
        return try issue(request, presentedSecret: presentedSecret)
    }

    private func admit(_ address: String) throws(BackendError) {
        if case .limited(let retryAfter) = try registrations.acquire(address) {
            throw .rateLimited(retryAfter: retryAfter, what: "registrations from this address")
        }
    }

    private func issue(_ request: RegistrationRequest, presentedSecret: String?, paired: Bool = false) throws(BackendError) -> IssuedToken {
        if let registrationSecret, !paired {
            guard let presented = presentedSecret ?? request.registrationSecret else {
                throw .forbidden("This server needs a registration secret: send it in the X-Marks-Registration-Secret header.")
            }
            // Hashing first makes the comparison constant-time in the secret's length too.
            guard ConstantTime.equals(SHA256.hash(presented), SHA256.hash(registrationSecret)) else {
                throw .forbidden("The registration secret is wrong.")
            }
        }
        try validate(request)
        let issued = now()
        try registry.register(deviceID: request.deviceID, platform: request.platform, appVersion: request.appVersion, at: issued)
        let issuedAt = Int64(issued.timeIntervalSince1970.rounded(.down))
        let expiresAt = issuedAt + Int64(max(60, limits.tokenLifetimeSeconds))
        let token = signer.sign(TokenClaims(subject: request.deviceID, issuedAt: issuedAt, expiresAt: expiresAt))
        return IssuedToken(token: token, expiresAt: Date(timeIntervalSince1970: TimeInterval(expiresAt)))
    }

    /// The device id of a valid `Authorization: Bearer <token>` header value.
    public func authenticate(authorization: String?) throws(BackendError) -> String {
        guard let authorization, !authorization.isEmpty else {
            throw .unauthorized("Send Authorization: Bearer <token>; get a token from POST /v1/auth/register.")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw .unauthorized("The Authorization header must be \"Bearer <token>\".")
        }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        let claims: TokenClaims
        do {
            claims = try signer.verify(token, now: Int64(now().timeIntervalSince1970.rounded(.down)))
        } catch {
            throw .unauthorized("\(error) Register again at POST /v1/auth/register.")
        }
        guard try registry.contains(claims.subject) else {
            throw .unauthorized("\(TokenError.unknownDevice) Register again at POST /v1/auth/register.")
        }
        return claims.subject
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

    private func validate(_ request: RegistrationRequest) throws(BackendError) {
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
