import Foundation
import MarksClients
import Testing

/// The one `Retry-After` reader every client uses.
@Suite struct RetryAfterTests {
    @Test(arguments: [("120", Duration.seconds(120)), (" 3 ", .seconds(3)), ("0", .zero), ("0.5", .milliseconds(500)),
                      ("1.0001", .milliseconds(1001))])
    func readsDeltaSeconds(value: String, expected: Duration) {
        #expect(RetryAfter.parse(value) == expected)
    }

    @Test(arguments: ["", "soon", "-5", "inf", "nan", "1e400"])
    func ignoresWhatIsNotAWait(value: String) {
        #expect(RetryAfter.parse(value) == nil)
    }

    @Test func readsAnHTTPDateAgainstTheGivenClock() {
        let now = Date(timeIntervalSince1970: 1_792_567_650)  // Wed, 21 Oct 2026 07:27:30 GMT
        #expect(RetryAfter.parse("Wed, 21 Oct 2026 07:28:00 GMT", now: now) == .seconds(30))
        #expect(RetryAfter.parse("Wed, 21 Oct 2026 07:00:00 GMT", now: now) == .zero)  // already past
        #expect(RetryAfter.parse("Wed, 21 Oct 2026 07:28:00 GMT") == nil)  // no clock given: not honoured
    }

    @Test func roundsWaitsUpToWholeSecondsForMessages() {
        #expect(RetryAfter.seconds(.milliseconds(1500)) == 2)
        #expect(RetryAfter.seconds(.seconds(3)) == 3)
    }
}
