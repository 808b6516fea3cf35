import Foundation
import MarksCore

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
        // By arithmetic (proleptic Gregorian, UTC), not Calendar: every listed bookmark without a stored snapshot
        // URL gets one, and Calendar's components were a tenth of a list request's time.
        let interval = dateAdded.timeIntervalSince1970.rounded(.down)
        let seconds = interval.isFinite ? Int64(max(min(interval, 9.0e15), -9.0e15)) : 0
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = LinkdingDate.civilDate(fromDays: days)
        var stamp: [UInt8] = []
        stamp.reserveCapacity(14)
        LinkdingDate.appendPadded(year, 4, to: &stamp)
        for field in [month, day, secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60] {
            LinkdingDate.appendPadded(field, 2, to: &stamp)
        }
        return "https://web.archive.org/web/" + String(decoding: stamp, as: UTF8.self) + "/" + url
    }
}
