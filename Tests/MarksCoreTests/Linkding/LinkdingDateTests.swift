import Foundation
import Testing
@testable import MarksCore

@Suite struct LinkdingDateTests {
    @Test(arguments: [
        ("2026-11-29T12:01:55.218339Z", 1_795_953_715.218339),
        ("2024-01-15T10:30:00Z", 1_705_314_600.0),
        ("2024-01-15T11:30:00+01:00", 1_705_314_600.0),
        ("2024-01-15T05:00:00-05:30", 1_705_314_600.0),
        ("2024-01-15T11:30:00.5+0100", 1_705_314_600.5),
        ("2024-01-15T10:30:00.123Z", 1_705_314_600.123),
        ("2024-01-15T10:30:00", 1_705_314_600.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
    ])
    func parsesEveryForm(text: String, expected: Double) throws {
        let date = try #require(LinkdingDate.parse(text))
        #expect(abs(date.timeIntervalSince1970 - expected) < 0.000_001)
    }

    @Test(arguments: ["", "2024", "2024-13-01T00:00:00Z", "2024-01-15T25:00:00Z", "2024-01-15T10:30:00Zjunk",
                      "2024-01-15T10:30:00.Z", "not a date", "2024-01-15T10:30:00 junk", "2024-01-15T10:30:00+99:00", "\u{0}"])
    func refusesGarbage(text: String) {
        #expect(LinkdingDate.parse(text) == nil)
    }

    @Test func formatsWithMicrosecondsAndDropsZeroFraction() {
        #expect(LinkdingDate.format(Date(timeIntervalSince1970: 1_705_314_600)) == "2024-01-15T10:30:00Z")
        #expect(LinkdingDate.format(Date(timeIntervalSince1970: 1_795_953_715.218339)) == "2026-11-29T12:01:55.218339Z")
        #expect(LinkdingDate.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    @Test func roundTripsRandomDates() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let micros = Int64.random(in: -2_000_000_000_000_000...4_000_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(micros) / 1_000_000)
            let parsed = try #require(LinkdingDate.parse(LinkdingDate.format(date)))
            #expect(abs(parsed.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.000_002)
        }
    }
}
