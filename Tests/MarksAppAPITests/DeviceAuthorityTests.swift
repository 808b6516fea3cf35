import MarksTestSupport
import CryptoPrimitives
import Foundation
import SQLiteDatabase
import SystemSupport
import Testing
@testable import MarksAppAPI

@Suite struct DeviceAuthorityTests {
    let registration = RegistrationRequest(deviceID: "0b6f4a2e-8f0e-4c55-9d3b-3f1c2a7e9d10", platform: "linux-cli", appVersion: "0.1")

    func withAuthority(limits: AppAPILimits = AppAPILimits(), secret: String? = nil,
                       _ body: (DeviceAuthority, ManualClock, TemporaryDatabase) throws -> Void) throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let clock = ManualClock()
        let authority = try DeviceAuthority(database: database.database, limits: limits, registrationSecret: secret, now: clock.now)
        try body(authority, clock, database)
    }

    @Test func registeredDevicesAuthenticate() throws {
        try withAuthority { authority, clock, _ in
            let issued = try authority.register(registration, presentedSecret: nil, from: "127.0.0.1")
            #expect(issued.expiresAt == clock.now().addingTimeInterval(TimeInterval(AppAPILimits().tokenLifetimeSeconds)))
            #expect(try authority.authenticate(authorization: "Bearer \(issued.token)") == registration.deviceID)
            #expect(try authority.authenticate(authorization: "bearer  \(issued.token) ") == registration.deviceID)
        }
    }

    @Test func registrationFromABodyIsDecodedStrictly() throws {
        try withAuthority { authority, _, _ in
            let body = Data(json: #"{"device_id":"abc-123","platform":"web","app_version":"1.0"}"#)
            let issued = try authority.register(body: body, presentedSecret: nil, from: "10.0.0.1")
            #expect(try authority.authenticate(authorization: "Bearer \(issued.token)") == "abc-123")
            let extra = Data(json: #"{"device_id":"abc-123","platform":"web","app_version":"1.0","admin":true}"#)
            #expect(backendError { _ = try authority.register(body: extra, presentedSecret: nil, from: "10.0.0.1") }?.status == 400)
        }
    }

    @Test func theKeySurvivesARestart() throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let clock = ManualClock()
        let first = try DeviceAuthority(database: database.database, now: clock.now)
        let token = try first.register(registration, presentedSecret: nil, from: "127.0.0.1").token
        let second = try DeviceAuthority(database: try database.reopen(), now: clock.now)
        #expect(try second.authenticate(authorization: "Bearer \(token)") == registration.deviceID)
        #expect(try SigningKeyStore.loadOrCreate(in: database.database).count == 32)
    }

    /// The signing key lives in its own 0600 file, not in the database another local user might read.
    @Test func theKeyIsAFileOfItsOwnNotARow() throws {
        try withAuthority { _, _, database in
            let file = SigningKeyStore.file(for: database.database)
            #expect(AtomicFile.permissions(of: file) == 0o600)
            let rows = try database.database.read { try $0.query("SELECT name FROM backend_settings WHERE name = 'jwt_signing_key'") }
            #expect(rows.isEmpty)
        }
    }

    /// A key stored in the database by an older version moves to the file: tokens it signed stay valid.
    @Test func aKeyInTheDatabaseMovesToTheFile() throws {
        let database = try TemporaryDatabase()
        defer { database.remove() }
        let clock = ManualClock()
        let old = [UInt8](repeating: 7, count: 32)
        try AppAPISchema.migrate(database.database)
        try database.database.write { try $0.run("INSERT INTO backend_settings (name, value) VALUES ('jwt_signing_key', ?)", [SQLValue(old)]) }
        let authority = try DeviceAuthority(database: database.database, now: clock.now)
        _ = try authority.register(registration, presentedSecret: nil, from: "127.0.0.1")
        let earlier = TokenSigner(key: old).sign(TokenClaims(subject: registration.deviceID, issuedAt: clock.seconds, expiresAt: clock.seconds + 60))
        #expect(try authority.authenticate(authorization: "Bearer \(earlier)") == registration.deviceID)
        let file = SigningKeyStore.file(for: database.database)
        #expect(try String(contentsOf: file, encoding: .utf8) == Base64URL.encode(old) + "\n")
        let rows = try database.database.read { try $0.query("SELECT name FROM backend_settings WHERE name = 'jwt_signing_key'") }
        #expect(rows.isEmpty)
    }

    @Test func tokensOfUnknownDevicesAreRefused() throws {
        try withAuthority { authority, clock, database in
            let key = try SigningKeyStore.loadOrCreate(in: database.database)
            let forged = TokenSigner(key: key).sign(TokenClaims(subject: "never-registered", issuedAt: clock.seconds, expiresAt: clock.seconds + 60))
            let error = backendError { _ = try authority.authenticate(authorization: "Bearer \(forged)") }
            #expect(error?.status == 401)
            #expect(error?.message.contains("not registered") == true)
        }
    }

    @Test func expiredTokensAreRefused() throws {
        var limits = AppAPILimits()
        limits.tokenLifetimeSeconds = 3600
        try withAuthority(limits: limits) { authority, clock, _ in
            let token = try authority.register(registration, presentedSecret: nil, from: "127.0.0.1").token
            clock.advance(3599)
            #expect(try authority.authenticate(authorization: "Bearer \(token)") == registration.deviceID)
            clock.advance(1)
            let error = backendError { _ = try authority.authenticate(authorization: "Bearer \(token)") }
            #expect(error == .unauthorized("The token has expired. Register again at POST /v1/auth/register."))
        }
    }

    @Test(arguments: [nil, "", "Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "Token abc", "Bearer not.a.jwt", "Bearer a.b"])
    func badAuthorizationHeadersAreRefused(header: String?) throws {
        try withAuthority { authority, _, _ in
            #expect(backendError { _ = try authority.authenticate(authorization: header) }?.status == 401)
        }
    }

    @Test func registrationsAreLimitedPerAddress() throws {
        var limits = AppAPILimits()
        limits.registrations = RateLimit(count: 2, windowSeconds: 600)
        try withAuthority(limits: limits) { authority, clock, _ in
            _ = try authority.register(registration, presentedSecret: nil, from: "192.0.2.1")
            _ = try authority.register(registration, presentedSecret: nil, from: "192.0.2.1")
            #expect(backendError { _ = try authority.register(registration, presentedSecret: nil, from: "192.0.2.1") }
                == .rateLimited(retryAfter: 600, what: "registrations from this address"))
            // Malformed bodies count too, and are refused before being read.
            #expect(backendError { _ = try authority.register(body: Data(json: "{"), presentedSecret: nil, from: "192.0.2.1") }?.status == 429)
            _ = try authority.register(registration, presentedSecret: nil, from: "192.0.2.2")
            clock.advance(600)
            _ = try authority.register(registration, presentedSecret: nil, from: "192.0.2.1")
        }
    }

    /// Issue 35, item 6: a registration the caller vouches for (the owner's session or API token), with a pairing code
    /// or with the secret is not counted against the anonymous limit; a wrong code or secret is.
    @Test func ownerRegistrationsAreNotCountedAndWrongCredentialsAre() throws {
        var limits = AppAPILimits()
        limits.registrations = RateLimit(count: 1, windowSeconds: 600)
        try withAuthority(limits: limits, secret: "open sesame") { authority, _, _ in
            let body = Data(json: #"{"device_id":"owner-laptop","platform":"web","app_version":"1"}"#)
            for _ in 0..<5 {
                #expect(try authority.register(body: body, presentedSecret: nil, ownerVouched: true, from: "127.0.0.1").scope == .owner)
                #expect(try authority.register(body: body, presentedSecret: "open sesame", from: "127.0.0.1").scope == .owner)
                let code = try authority.pairing.issue()
                #expect(try authority.register(body: body, presentedSecret: nil, pairingCode: code.code, from: "127.0.0.1").scope == .owner)
            }
            #expect(backendError { _ = try authority.register(body: body, presentedSecret: "wrong", from: "127.0.0.1") }?.status == 403)
            #expect(backendError { _ = try authority.register(body: body, presentedSecret: "wrong", from: "127.0.0.1") }?.status == 429)
            #expect(try authority.register(body: body, presentedSecret: nil, ownerVouched: true, from: "127.0.0.1").scope == .owner)
        }
    }

    /// The token carries the device's scope and generation; a token of an earlier generation is refused.
    @Test func theTokenCarriesScopeAndGeneration() throws {
        try withAuthority { authority, clock, database in
            let first = try authority.register(registration, presentedSecret: nil, from: "127.0.0.1")
            let second = try authority.register(registration, presentedSecret: nil, from: "127.0.0.1")
            let signer = TokenSigner(key: try SigningKeyStore.loadOrCreate(in: database.database))
            let claims = try signer.verify(second.token, now: clock.seconds)
            #expect(claims.scope == .anonymous)
            #expect(claims.generation == 1)
            #expect(backendError { _ = try authority.authenticate(authorization: "Bearer \(first.token)") }?.message.contains("revoked or replaced") == true)
            #expect(try authority.device(authorization: "Bearer \(second.token)") == AuthenticatedDevice(deviceID: registration.deviceID, scope: .anonymous))
        }
    }

    @Test func aConfiguredSecretIsRequired() throws {
        try withAuthority(secret: "open sesame") { authority, _, _ in
            #expect(authority.requiresRegistrationSecret)
            #expect(backendError { _ = try authority.register(registration, presentedSecret: nil, from: "a") }?.status == 403)
            #expect(backendError { _ = try authority.register(registration, presentedSecret: "open sesam", from: "a") }?.status == 403)
            #expect(backendError { _ = try authority.register(registration, presentedSecret: "", from: "a") }?.status == 403)
            _ = try authority.register(registration, presentedSecret: "open sesame", from: "a")
            var inBody = registration
            inBody.registrationSecret = "open sesame"
            _ = try authority.register(inBody, presentedSecret: nil, from: "a")
            // The header wins over the body.
            #expect(backendError { _ = try authority.register(inBody, presentedSecret: "wrong", from: "a") }?.status == 403)
        }
    }

    @Test(arguments: ["", " ", "a b", "dev/ice", "dev\u{0}ice", "dév", String(repeating: "a", count: 129), "\"quoted\""])
    func badDeviceIDsAreRefused(id: String) throws {
        try withAuthority { authority, _, _ in
            let request = RegistrationRequest(deviceID: id, platform: "linux-cli", appVersion: "0.1")
            #expect(backendError { _ = try authority.register(request, presentedSecret: nil, from: "a") }?.status == 400)
        }
    }

    @Test(arguments: [("", "0.1"), ("linux", ""), (String(repeating: "p", count: 65), "0.1"), ("linux\n-cli", "0.1"), ("linux", "0.1\u{7}")])
    func badClientLabelsAreRefused(platform: String, version: String) throws {
        try withAuthority { authority, _, _ in
            let request = RegistrationRequest(deviceID: "device", platform: platform, appVersion: version)
            #expect(backendError { _ = try authority.register(request, presentedSecret: nil, from: "a") }?.status == 400)
        }
    }

    @Test func registeringAgainUpdatesTheDevice() throws {
        try withAuthority { authority, _, database in
            _ = try authority.register(registration, presentedSecret: nil, from: "a")
            var newer = registration
            newer.appVersion = "0.2"
            _ = try authority.register(newer, presentedSecret: nil, from: "a")
            let registry = DeviceRegistry(database: database.database)
            #expect(try registry.registrations(of: registration.deviceID) == 2)
            #expect(try registry.registrations(of: "other") == 0)
        }
    }
}
