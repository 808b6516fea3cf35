import Foundation
import Testing
@testable import MarksStorage

@Suite struct StoreTimeTests {
    /// The snapshot link's stamp, computed by arithmetic, is what Calendar gives (UTC, proleptic Gregorian).
    @Test func theSnapshotStampMatchesTheCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var seconds = -2_208_988_800.5  // 1900, and a fraction
        while seconds < 4_102_444_800 {  // 2100
            let date = Date(timeIntervalSince1970: seconds)
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let stamp = String(format: "%04d%02d%02d%02d%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
                               c.minute ?? 0, c.second ?? 0)
            #expect(StoreTime.webArchiveURL(url: "https://a.example/", dateAdded: date)
                    == "https://web.archive.org/web/\(stamp)/https://a.example/", "\(seconds)")
            seconds += 7_654_321.25
        }
    }
}
