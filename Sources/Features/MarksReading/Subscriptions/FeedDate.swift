import Foundation
import MarksCore

/// Dates as feeds write them, read without a formatter (pure, thread-safe): RFC 822 (RSS's `pubDate`, with the
/// usual sloppiness — no weekday, one-digit days, full month names, two-digit years, no seconds, a zone name or none)
/// and ISO 8601 (Atom's `updated`/`published`, Dublin Core's `dc:date`: fractions, `Z` or an offset, a space for
/// the `T`, a date alone). Anything else is nil: the item then counts as undated.
enum FeedDate {
    /// The instant `text` names, or nil.
    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count < 100 else { return nil }
        if let first = trimmed.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), let iso = iso8601(trimmed) {
            return iso
        }
        return rfc822(trimmed)
    }

    /// `2024-05-01T10:20:30.5+02:00`, `2024-05-01 10:20:30Z`, `2024-05-01`: the importers' reading (MarksCore `ImportDates`).
    static func iso8601(_ text: String) -> Date? {
        ImportDates.iso8601(text)
    }

    private static let months = ["jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6, "jul": 7, "aug": 8, "sep": 9,
                                 "oct": 10, "nov": 11, "dec": 12]
    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let zones = ["gmt": 0, "ut": 0, "utc": 0, "z": 0, "est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7,
                                "mdt": -6, "pst": -8, "pdt": -7, "cet": 1, "cest": 2, "bst": 1]

    /// `Mon, 02 Jan 2006 15:04:05 -0700` and its variants.
    static func rfc822(_ text: String) -> Date? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map { $0.lowercased() }
        if let first = tokens.first, weekdays.contains(String(first.prefix(3))) {
            tokens.removeFirst()  // the weekday
        }
        guard tokens.count >= 3 else { return nil }
        var day: Int?
        var month: Int?
        // "02 Jan 2006" or "Jan 02 2006".
        if let d = Int(tokens[0]), let m = months[String(tokens[1].prefix(3))] {
            day = d
            month = m
        } else if let m = months[String(tokens[0].prefix(3))], let d = Int(tokens[1]) {
            day = d
            month = m
        }
        guard let day, let month, var year = Int(tokens[2]) else { return nil }
        if year < 100 { year += year < 50 ? 2000 : 1900 }
        var hour = 0, minute = 0, second = 0.0, offset = 0
        if tokens.count > 3 {
            let parts = tokens[3].split(separator: ":")
            guard parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
            hour = h
            minute = m
            if parts.count > 2 { second = Double(parts[2]) ?? 0 }
        }
        if tokens.count > 4 {
            let zone = tokens[4]
            if let hours = zones[zone] {
                offset = hours * 3600
            } else if let sign = zone.first, sign == "+" || sign == "-" {
                let digits = zone.dropFirst().filter(\.isNumber)
                guard digits.count == 4, let value = Int(digits) else { return nil }
                offset = (sign == "-" ? -1 : 1) * ((value / 100) * 3600 + (value % 100) * 60)
            }
        }
        return instant(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// The instant of a civil date and time at `offset` seconds east of UTC (days from civil, proleptic Gregorian).
    static func instant(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour), (0...59).contains(minute),
              second >= 0, second < 61, (1...9999).contains(year) else { return nil }
        let days = ImportDates.daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + second
        return Date(timeIntervalSince1970: seconds)
    }
}
