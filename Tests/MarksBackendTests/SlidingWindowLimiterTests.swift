import MarksTestSupport
import Foundation
import Testing
@testable import MarksBackend

@Suite struct SlidingWindowLimiterTests {
    @Test func allowsTheLimitThenSaysHowLongToWait() {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 3, windowSeconds: 60), now: clock.now)
        for _ in 0..<3 { #expect(limiter.acquire("a") == .allowed) }
        #expect(limiter.acquire("a") == .limited(retryAfter: 60))
        clock.advance(20.5)
        #expect(limiter.acquire("a") == .limited(retryAfter: 40))
    }

    @Test func theWindowSlides() {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 2, windowSeconds: 10), now: clock.now)
        #expect(limiter.acquire("a") == .allowed)
        clock.advance(6)
        #expect(limiter.acquire("a") == .allowed)
        #expect(limiter.acquire("a") == .limited(retryAfter: 4))
        clock.advance(4)
        #expect(limiter.acquire("a") == .allowed)  // the first call left the window
        #expect(limiter.acquire("a") == .limited(retryAfter: 6))
    }

    @Test func refusedCallsDoNotCount() {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 1, windowSeconds: 10), now: clock.now)
        #expect(limiter.acquire("a") == .allowed)
        for _ in 0..<50 { #expect(limiter.acquire("a") != .allowed) }
        clock.advance(10)
        #expect(limiter.acquire("a") == .allowed)
    }

    @Test func keysAreIndependent() {
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 1, windowSeconds: 60), now: ManualClock().now)
        #expect(limiter.acquire("a") == .allowed)
        #expect(limiter.acquire("b") == .allowed)
        #expect(limiter.acquire("a") != .allowed)
    }

    @Test func trackedKeysStayBounded() {
        let clock = ManualClock()
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 5, windowSeconds: 60), maximumKeys: 100, now: clock.now)
        for index in 0..<1000 {
            #expect(limiter.acquire("key-\(index)") == .allowed)
            clock.advance(0.01)
        }
        #expect(limiter.trackedKeys <= 100)
        #expect(limiter.acquire("key-999") == .allowed)  // the most recent keys are kept
    }

    @Test func aZeroLimitRefusesEverything() {
        let limiter = SlidingWindowLimiter(limit: RateLimit(count: 0, windowSeconds: 60), now: ManualClock().now)
        #expect(limiter.acquire("a") == .limited(retryAfter: 60))
    }
}
