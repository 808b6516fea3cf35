import MarksTestSupport
import Foundation
import Testing
@testable import MarksAppAPI

@Suite struct SlidingWindowLimiterTests {
    @Test func allowsTheLimitThenSaysHowLongToWait() throws {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 3, windowSeconds: 60), now: clock.now)
        for _ in 0..<3 { #expect(try limiter.acquire("a") == .allowed) }
        #expect(try limiter.acquire("a") == .limited(retryAfter: 60))
        clock.advance(20.5)
        #expect(try limiter.acquire("a") == .limited(retryAfter: 40))
    }

    @Test func theWindowSlides() throws {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 2, windowSeconds: 10), now: clock.now)
        #expect(try limiter.acquire("a") == .allowed)
        clock.advance(6)
        #expect(try limiter.acquire("a") == .allowed)
        #expect(try limiter.acquire("a") == .limited(retryAfter: 4))
        clock.advance(4)
        #expect(try limiter.acquire("a") == .allowed)  // the first call left the window
        #expect(try limiter.acquire("a") == .limited(retryAfter: 6))
    }

    @Test func refusedCallsDoNotCount() throws {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 1, windowSeconds: 10), now: clock.now)
        #expect(try limiter.acquire("a") == .allowed)
        for _ in 0..<50 { #expect(try limiter.acquire("a") != .allowed) }
        clock.advance(10)
        #expect(try limiter.acquire("a") == .allowed)
    }

    @Test func keysAreIndependent() throws {
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 1, windowSeconds: 60), now: ManualClock().now)
        #expect(try limiter.acquire("a") == .allowed)
        #expect(try limiter.acquire("b") == .allowed)
        #expect(try limiter.acquire("a") != .allowed)
    }

    @Test func trackedKeysStayBounded() throws {
        let clock = ManualClock()
        let windows = InMemoryRateWindows(maximumKeys: 100)
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 5, windowSeconds: 60), scope: "s", windows: windows, now: clock.now)
        for index in 0..<1000 {
            #expect(try limiter.acquire("key-\(index)") == .allowed)
            clock.advance(0.01)
        }
        #expect(windows.trackedKeys <= 100)
        #expect(try limiter.acquire("key-999") == .allowed)  // the most recent keys are kept
    }

    @Test func aZeroLimitRefusesEverything() throws {
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 0, windowSeconds: 60), now: ManualClock().now)
        #expect(try limiter.acquire("a") == .limited(retryAfter: 60))
    }

    /// Registrations from many addresses must not push a device's enrich window out of memory.
    @Test func aFloodOfKeysInOneScopeKeepsAnotherScopesWindows() {
        let clock = ManualClock()
        let windows = InMemoryRateWindows(maximumKeys: 10)
        let limit = RateLimit(count: 1, windowSeconds: 60)
        #expect(windows.acquire("device", scope: "enrich", limit: limit, now: clock.date) == .allowed)
        for index in 0..<100 {
            #expect(windows.acquire("address-\(index)", scope: "register", limit: limit, now: clock.date) == .allowed)
        }
        #expect(windows.acquire("device", scope: "enrich", limit: limit, now: clock.date) != .allowed)
        #expect(windows.trackedKeys <= 11)
    }
}
