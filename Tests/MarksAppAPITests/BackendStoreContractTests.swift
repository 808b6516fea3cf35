import Foundation
import MarksCore
import MarksTestSupport
import Testing
@testable import MarksAppAPI

/// The backend store's contract, on SQLite and on PostgreSQL: devices, the signing key, rate windows, analytics
/// with their quotas, the pairing code. Each case has a store of its own.
@Suite struct BackendStoreContractTests {
    @Test(.enabled(if: TestServer.enabled, TestServer.skipped)) func theContractAlsoRunsOnPostgreSQL() {
        #expect(StoreBackend.all == [.sqlite, .postgres])
    }

    // MARK: Devices

    @Test(arguments: StoreBackend.all) func aDeviceIsKnownOnceRegisteredAndCountsItsRegistrations(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let devices = fixture.store.devices
            #expect(try devices.contains("d1") == false)
            #expect(try devices.registrations(of: "d1") == 0)
            _ = try devices.register(deviceID: "d1", platform: "linux", appVersion: "1", scope: .anonymous, at: fixture.clock.date)
            _ = try devices.register(deviceID: "d1", platform: "web", appVersion: "2", scope: .anonymous, at: fixture.clock.date)
            #expect(try devices.contains("d1"))
            #expect(try devices.registrations(of: "d1") == 2)
            #expect(try devices.contains("d2") == false)
        }
    }

    @Test(arguments: StoreBackend.all) func aDeviceRegisteredOnOneWorkerIsKnownToAnother(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            _ = try fixture.store.devices.register(deviceID: "shared", platform: "ios", appVersion: "3", scope: .anonymous, at: fixture.clock.date)
            let other = try fixture.secondWorker()
            #expect(try other.devices.contains("shared"))
            _ = try other.devices.register(deviceID: "shared", platform: "ios", appVersion: "4", scope: .anonymous, at: fixture.clock.date)
            #expect(try fixture.store.devices.registrations(of: "shared") == 2)
        }
    }

    // MARK: Signing key

    @Test(arguments: StoreBackend.all) func theSigningKeyIsMadeOnceAndTheSameForEveryWorker(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let workers = try (0..<4).map { _ in try fixture.secondWorker() }
            let keys = await onThreads(workers.count) { index in try workers[index].signingSecret.loadOrCreate() }
            let first = try keys[0].get()
            #expect(first.count == SigningKeyStore.keyLength)
            for key in keys { #expect(try key.get() == first) }
            #expect(try fixture.store.signingSecret.loadOrCreate() == first)
        }
    }

    @Test(arguments: StoreBackend.all) func tokensSignedOnOneWorkerAreAcceptedByAnother(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let first = try DeviceAuthority(store: fixture.store, now: fixture.clock.now)
            let token = try first.register(RegistrationRequest(deviceID: "roaming", platform: "web", appVersion: "1"),
                                           presentedSecret: nil, from: "10.0.0.1").token
            let second = try DeviceAuthority(store: try fixture.secondWorker(), now: fixture.clock.now)
            #expect(try second.authenticate(authorization: "Bearer \(token)") == "roaming")
        }
    }

    /// Issue 35, item 2: a revocation or a re-registration on one worker ends the earlier token on every other at once
    /// (each request reads the device's record: its generation and revocation), and the list shows live devices only.
    @Test(arguments: StoreBackend.all) func aRevocationOnOneWorkerCountsOnEveryOtherAtOnce(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let first = try DeviceAuthority(store: fixture.store, now: fixture.clock.now)
            let second = try DeviceAuthority(store: try fixture.secondWorker(), now: fixture.clock.now)
            let phone = RegistrationRequest(deviceID: "phone", platform: "ios", appVersion: "1")
            let old = try first.register(phone, presentedSecret: nil, from: "127.0.0.1").token
            #expect(try second.device(authorization: "Bearer \(old)") == AuthenticatedDevice(deviceID: "phone", scope: .anonymous))
            let new = try second.register(phone, presentedSecret: nil, from: "127.0.0.1").token
            #expect((try? first.authenticate(authorization: "Bearer \(old)")) == nil, "a re-registration replaces the token") // safe: the nil is the expectation
            #expect(try first.authenticate(authorization: "Bearer \(new)") == "phone")
            #expect(try first.devices().map(\.deviceID) == ["phone"])

            #expect(try first.revoke("phone"))
            #expect(try !first.revoke("phone"), "already revoked")
            do {
                _ = try second.authenticate(authorization: "Bearer \(new)")
                Issue.record("a revoked token was accepted")
            } catch let error as AppAPIError {
                #expect(error.status == 401)
                #expect(error.message.contains("revoked"))
            } catch {
                Issue.record("unexpected error \(error)")
            }
            #expect(try second.devices().isEmpty)

            let again = try first.register(phone, presentedSecret: nil, from: "127.0.0.1").token
            let tablet = try first.register(RegistrationRequest(deviceID: "tablet", platform: "ios", appVersion: "1"), presentedSecret: nil,
                                            from: "127.0.0.1").token
            #expect(try second.revokeAll() == 2)
            for token in [again, tablet] { #expect((try? first.authenticate(authorization: "Bearer \(token)")) == nil) } // safe: nil is expected
        }
    }

    /// A device's scope rides in its record and its token; the record decides, and a token whose claims disagree is refused.
    @Test(arguments: StoreBackend.all) func theScopeComesFromTheRegistration(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let authority = try DeviceAuthority(store: fixture.store, registrationSecret: nil, now: fixture.clock.now)
            let body = Data(#"{"device_id":"laptop","platform":"linux-cli","app_version":"1"}"#.utf8)
            let anonymous = try authority.register(body: body, presentedSecret: nil, from: "127.0.0.1")
            #expect(anonymous.scope == .anonymous)
            let owned = try authority.register(body: body, presentedSecret: nil, ownerVouched: true, from: "127.0.0.1")
            #expect(owned.scope == .owner)
            #expect(try authority.device(authorization: "Bearer \(owned.token)").scope == .owner)
            let code = try authority.pairing.issue()
            let paired = try authority.register(body: Data(#"{"device_id":"phone","platform":"ios","app_version":"1"}"#.utf8),
                                                presentedSecret: nil, pairingCode: code.code, from: "192.0.2.1")
            #expect(paired.scope == .owner)
            let record = try #require(try fixture.store.devices.device("phone"))
            #expect(record.scope == .owner)
            #expect(record.platform == "ios")
        }
    }

    // MARK: Rate windows

    @Test(arguments: StoreBackend.all) func aWindowAllowsItsLimitThenSaysHowLongToWaitAndSlides(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let windows = fixture.store.rateWindows, clock = fixture.clock
            let limit = RateLimit(count: 2, windowSeconds: 10)
            #expect(try windows.acquire("a", scope: "s", limit: limit, now: clock.date) == .allowed)
            clock.advance(6)
            #expect(try windows.acquire("a", scope: "s", limit: limit, now: clock.date) == .allowed)
            #expect(try windows.acquire("a", scope: "s", limit: limit, now: clock.date) == .limited(retryAfter: 4))
            clock.advance(0.5)
            #expect(try windows.acquire("a", scope: "s", limit: limit, now: clock.date) == .limited(retryAfter: 4))  // rounded up
            clock.advance(3.5)
            #expect(try windows.acquire("a", scope: "s", limit: limit, now: clock.date) == .allowed)  // the first left the window
            #expect(try windows.acquire("a", scope: "s", limit: limit, now: clock.date) == .limited(retryAfter: 6))
        }
    }

    @Test(arguments: StoreBackend.all) func refusedCallsDoNotCountAndKeysAndScopesAreApart(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let windows = fixture.store.rateWindows, clock = fixture.clock
            let one = RateLimit(count: 1, windowSeconds: 10)
            #expect(try windows.acquire("a", scope: "s", limit: one, now: clock.date) == .allowed)
            for _ in 0..<20 { #expect(try windows.acquire("a", scope: "s", limit: one, now: clock.date) != .allowed) }
            #expect(try windows.acquire("b", scope: "s", limit: one, now: clock.date) == .allowed)
            #expect(try windows.acquire("a", scope: "t", limit: one, now: clock.date) == .allowed)
            clock.advance(10)
            #expect(try windows.acquire("a", scope: "s", limit: one, now: clock.date) == .allowed)
            let none = RateLimit(count: 0, windowSeconds: 60)
            #expect(try windows.acquire("z", scope: "s", limit: none, now: clock.date) == .limited(retryAfter: 60))
        }
    }

    @Test(arguments: StoreBackend.all) func callsRacingFromManyWorkersGetExactlyTheLimit(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let workers = try (0..<4).map { _ in try fixture.secondWorker().rateWindows }
            let limit = RateLimit(count: 25, windowSeconds: 600)
            let now = fixture.clock.date
            let decisions = await onThreads(8) { thread in
                try (0..<10).map { _ in try workers[thread % workers.count].acquire("device", scope: "enrich", limit: limit, now: now) }
            }
            let all = try decisions.flatMap { try $0.get() }
            #expect(all.count == 80)
            #expect(all.filter { $0 == .allowed }.count == 25)
            #expect(try fixture.store.rateWindows.acquire("device", scope: "enrich", limit: limit, now: now) != .allowed)
        }
    }

    // MARK: Pairing codes

    @Test(arguments: StoreBackend.all) func aCodeMadeOnOneWorkerRegistersThroughAnotherOnce(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let shown = PairingCodes(records: fixture.store.pairingCodes, now: fixture.clock.now)
            let other = PairingCodes(records: try fixture.secondWorker().pairingCodes, now: fixture.clock.now)
            let code = try shown.issue()
            #expect(code.expiresAt == fixture.clock.date.addingTimeInterval(PairingCodes.lifetime))
            #expect(try other.redeem(code.code.lowercased().replacingOccurrences(of: "-", with: " ")), "case, spaces and dashes do not matter")
            #expect(try !other.redeem(code.code), "a code works once")
            #expect(try !shown.redeem(code.code), "on every worker")
        }
    }

    @Test(arguments: StoreBackend.all) func wrongTriesOnEveryWorkerCountTogether(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let workers = try [fixture.store, fixture.secondWorker()].map { PairingCodes(records: $0.pairingCodes, now: fixture.clock.now) }
            let survivor = try workers[0].issue()
            for attempt in 0..<(PairingCodes.wrongTriesAllowed - 1) { #expect(try !workers[attempt % 2].redeem("AAAA-AAA\(attempt)")) }
            #expect(try workers[1].redeem(survivor.code), "four wrong tries leave the code working")
            let guessed = try workers[1].issue()
            for attempt in 0..<PairingCodes.wrongTriesAllowed { #expect(try !workers[attempt % 2].redeem("AAAA-AAA\(attempt)")) }
            #expect(try !workers[0].redeem(guessed.code), "the fifth wrong try, on either worker, ended it")
        }
    }

    @Test(arguments: StoreBackend.all) func aNewCodeReplacesTheLastAndACodeDiesAfterItsLifetime(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let shown = PairingCodes(records: fixture.store.pairingCodes, now: fixture.clock.now)
            let other = PairingCodes(records: try fixture.secondWorker().pairingCodes, now: fixture.clock.now)
            let first = try shown.issue()
            let second = try other.issue()
            #expect(first.code != second.code)
            #expect(try !shown.redeem(first.code))
            #expect(try shown.redeem(second.code))
            let late = try shown.issue()
            fixture.clock.advance(PairingCodes.lifetime - 1)
            let fresh = try other.issue()
            #expect(try !other.redeem(late.code), "replaced")
            fixture.clock.advance(2)
            #expect(try shown.redeem(fresh.code), "still within its own ten minutes")
            let expiring = try shown.issue()
            fixture.clock.advance(PairingCodes.lifetime)
            #expect(try !other.redeem(expiring.code), "ten minutes on, the code is dead")
        }
    }

    @Test(arguments: StoreBackend.all) func aCodeRacedByManyWorkersRegistersOnce(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let workers = try (0..<4).map { _ in PairingCodes(records: try fixture.secondWorker().pairingCodes, now: fixture.clock.now) }
            let code = try PairingCodes(records: fixture.store.pairingCodes, now: fixture.clock.now).issue()
            let barrier = ThreadBarrier(count: 8)
            let outcomes = await onThreads(8) { thread in
                barrier.arrive()
                return try workers[thread % workers.count].redeem(code.code)
            }
            #expect(try outcomes.map { try $0.get() }.filter { $0 }.count == 1)
        }
    }

    // MARK: Analytics

    private let at = Date(timeIntervalSince1970: 1_768_465_800)

    @Test(arguments: StoreBackend.all) func aBatchIsStoredWholeAsSent(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            _ = try fixture.store.devices.register(deviceID: "d1", platform: "web", appVersion: "1", scope: .anonymous, at: fixture.clock.date)
            try fixture.store.analytics.record([
                AnalyticsEvent(name: "bookmark_added", at: at, properties: [("source", .string("share")), ("count", .int(2))]),
                AnalyticsEvent(name: "app_open", at: at),
            ], deviceID: "d1", limits: AppAPILimits())
            let stored = try fixture.store.analytics.events()
            #expect(stored == [
                StoredAnalyticsEvent(deviceID: "d1", name: "bookmark_added", at: "2026-01-15T08:30:00Z", properties: #"{"source":"share","count":2}"#),
                StoredAnalyticsEvent(deviceID: "d1", name: "app_open", at: "2026-01-15T08:30:00Z", properties: "{}"),
            ])
        }
    }

    @Test(arguments: StoreBackend.all) func aBatchOfAnUnknownDeviceStoresNothing(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            let events = (0..<5).map { AnalyticsEvent(name: "e\($0)", at: at) }
            #expect(backendError { try fixture.store.analytics.record(events, deviceID: "ghost", limits: AppAPILimits()) }?.status == 500)
            #expect(try fixture.store.analytics.events().isEmpty)
        }
    }

    @Test(arguments: StoreBackend.all) func aDevicePastItsQuotaIsRefusedUntilItsOldestEventLeavesTheWindow(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            var limits = AppAPILimits()
            limits.analyticsDeviceQuota = AnalyticsQuota(events: 3, bytes: 1_000, windowSeconds: 100)
            _ = try fixture.store.devices.register(deviceID: "d1", platform: "web", appVersion: "1", scope: .anonymous, at: fixture.clock.date)
            _ = try fixture.store.devices.register(deviceID: "d2", platform: "web", appVersion: "1", scope: .anonymous, at: fixture.clock.date)
            try fixture.store.analytics.record([AnalyticsEvent(name: "a", at: at), AnalyticsEvent(name: "b", at: at)], deviceID: "d1", limits: limits)
            fixture.clock.advance(30)
            let refused = backendError {
                try fixture.store.analytics.record([AnalyticsEvent(name: "c", at: at), AnalyticsEvent(name: "d", at: at)], deviceID: "d1", limits: limits)
            }
            #expect(refused?.status == 429)
            #expect(refused == .rateLimited(retryAfter: 70, what: "analytics events from this device (its quota is 3 events and 1000 bytes per 100 s)"))
            try fixture.store.analytics.record([AnalyticsEvent(name: "c", at: at)], deviceID: "d2", limits: limits)  // another device's quota
            fixture.clock.advance(71)
            try fixture.store.analytics.record([AnalyticsEvent(name: "c", at: at), AnalyticsEvent(name: "d", at: at)], deviceID: "d1", limits: limits)
            #expect(try fixture.store.analytics.events().map(\.name) == ["a", "b", "c", "c", "d"])
        }
    }

    @Test(arguments: StoreBackend.all) func aFullStoreRefusesAndExpiredEventsFreeTheirBytes(_ backend: StoreBackend) async throws {
        try await BackendStoreFixture.with(backend) { fixture async throws in
            var limits = AppAPILimits()
            limits.analyticsTotalBytes = 30
            limits.analyticsRetentionSeconds = 1_000
            _ = try fixture.store.devices.register(deviceID: "d1", platform: "web", appVersion: "1", scope: .anonymous, at: fixture.clock.date)
            let event = AnalyticsEvent(name: "twelve_bytes", at: at)  // 12 bytes of name + 2 of "{}"
            try fixture.store.analytics.record([event, event], deviceID: "d1", limits: limits)
            #expect(backendError { try fixture.store.analytics.record([event], deviceID: "d1", limits: limits) }?.status == 507)
            fixture.clock.advance(1_001)
            try fixture.store.analytics.record([event], deviceID: "d1", limits: limits)
            #expect(try fixture.store.analytics.events().count == 1)
        }
    }
}
