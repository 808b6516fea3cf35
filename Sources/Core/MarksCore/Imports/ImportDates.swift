import Foundation

/// The dates the services write, read without a calendar or the clock: Unix time (seconds, else milliseconds, else
/// microseconds, as linkding reads `ADD_DATE`; a fraction allowed) and ISO 8601 / RFC 3339 with or without a zone
/// (`2024-03-01T10:20:30Z`, `…+02:00`, `…+0200`, `…​.123Z`), with a space for the `T` (`2024-03-01 10:20:30`, Readwise's
/// `…+00:00`), or a bare day. A time without a zone is UTC. Anything else, or a date outside the years 1–9999, is nil.
public enum ImportDates {
    /// The date `text` writes, or nil (see above).
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.importTrimmed
        guard !trimmed.isEmpty else { return nil }
        if let number = Double(trimmed), trimmed.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) {
            return unixTime(number)
        }
        return iso(Array(trimmed.utf8))
    }

    /// A Unix time in seconds, milliseconds or microseconds, whichever gives a date in range.
    public static func unixTime(_ value: Double) -> Date? {
        guard value.isFinite else { return nil }
        for divisor in [1.0, 1_000, 1_000_000] where range.contains(value / divisor) {
            return Date(timeIntervalSince1970: value / divisor)
        }
        return nil
    }

    /// An ISO 8601 / RFC 3339 date-time or a bare day (see above; no Unix time), or nil: Atom's and Dublin Core's
    /// dates in a followed feed too.
    public static func iso8601(_ text: String) -> Date? {
        iso(Array(text.importTrimmed.utf8))
    }

    /// Years 1 to 9999, as linkding keeps dates.
    private static let range = -62_135_596_800.0...253_402_300_799.0

    private static func iso(_ b: [UInt8]) -> Date? {
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= b.count else { return nil }
            var value = 0
            for byte in b[i..<(i + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            i += count
            return value
        }
        func take(_ byte: UInt8) -> Bool {
            guard i < b.count, b[i] == byte else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), take(0x2D), let month = digits(2), take(0x2D), let day = digits(2) else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if i == b.count { return checked(seconds) }
        guard take(0x54) || take(0x74) || take(0x20), let hour = digits(2), take(0x3A), let minute = digits(2) else { return nil }
        var second = 0
        if take(0x3A) {
            guard let value = digits(2) else { return nil }
            second = value
        }
        guard hour < 24, minute < 60, second <= 60 else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if take(0x2E) || take(0x2C) {
            var scale = 0.1
            var any = false
            while i < b.count, b[i] >= 0x30 && b[i] <= 0x39 {
                seconds += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
                any = true
            }
            guard any else { return nil }
        }
        _ = take(0x20)
        if i == b.count || (take(0x5A) || take(0x7A)) && i == b.count { return checked(seconds) }
        if b[i] == 0x55, b[i...].elementsEqual(Array("UTC".utf8)) { return checked(seconds) }
        guard i < b.count, b[i] == 0x2B || b[i] == 0x2D else { return nil }
        let sign = b[i] == 0x2D ? -1.0 : 1.0
        i += 1
        guard let zoneHours = digits(2) else { return nil }
        _ = take(0x3A)
        let zoneMinutes = i == b.count ? 0 : digits(2)
        guard let zoneMinutes, i == b.count, zoneHours < 24, zoneMinutes < 60 else { return nil }
        return checked(seconds - sign * Double(zoneHours * 3600 + zoneMinutes * 60))
    }

    /// The date, to the microsecond (what the store keeps), when in range.
    private static func checked(_ seconds: Double) -> Date? {
        range.contains(seconds) ? Date(timeIntervalSince1970: (seconds * 1_000_000).rounded() / 1_000_000) : nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
