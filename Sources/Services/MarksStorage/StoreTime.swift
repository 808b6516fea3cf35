import Foundation

/// How the store keeps time: whole microseconds since 1970 (UTC) in INTEGER columns, linkding's precision.
enum StoreTime {
    /// The stored form of a date.
    static func micros(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard value.isFinite else { return 0 }
        return Int64(max(min(value, 9.0e18), -9.0e18))
    }

    /// The date of a stored value.
    static func date(_ micros: Int64) -> Date {
        Date(timeIntervalSince1970: Double(micros) / 1_000_000)
    }

    /// linkding's fallback snapshot link: `https://web.archive.org/web/<date_added as YYYYmmddHHMMSS, UTC>/<url>`.
    static func webArchiveURL(url: String, dateAdded: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: dateAdded)
        func pad(_ value: Int?, _ width: Int) -> String {
            let text = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let stamp = pad(c.year, 4) + pad(c.month, 2) + pad(c.day, 2) + pad(c.hour, 2) + pad(c.minute, 2) + pad(c.second, 2)
        return "https://web.archive.org/web/\(stamp)/\(url)"
    }
}
