import Foundation

/// Parses and formats the ISO 8601 dates linkding emits: with or without a fraction of any length,
/// `Z` or any `±HH:MM` / `±HHMM` offset. Formatting gives UTC with microseconds, the fraction left out when zero.
public enum LinkdingDate {
    /// Parses a linkding date; nil when the text is not an ISO 8601 date-time.
    public static func parse(_ text: String) -> Date? {
        var scanner = DateScanner(Array(text.utf8))
        return scanner.parse()
    }

    /// Formats a date as linkding does for UTC: `2026-11-29T12:01:55.218339Z`, or `2024-01-15T10:30:00Z`.
    public static func format(_ date: Date) -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        var seconds = Int64((micros / 1_000_000).rounded(.down))
        var fraction = Int64(micros) - seconds * 1_000_000
        if fraction < 0 { fraction += 1_000_000; seconds -= 1 }
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(fromDays: days)
        // Written as bytes: every bookmark a list answers carries two of these.
        var out: [UInt8] = []
        out.reserveCapacity(27)
        appendPadded(year, 4, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(month, 2, to: &out)
        out.append(UInt8(ascii: "-"))
        appendPadded(day, 2, to: &out)
        out.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3600, 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 3600 / 60, 2, to: &out)
        out.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, 2, to: &out)
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            appendPadded(fraction, 6, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `value` in decimal, zero-padded to `width` digits (a longer value as it is; a negative one as `String`
    /// writes it, after the zeros): the fields of a date stamp, written without a `String` each.
    public static func appendPadded(_ value: Int64, _ width: Int, to out: inout [UInt8]) {
        guard value >= 0, value < 1_000_000_000 else {
            let text = String(value)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - text.utf8.count)))
            out.append(contentsOf: text.utf8)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            for _ in count..<max(count, width) { out.append(UInt8(ascii: "0")) }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Year, month and day of a count of days since 1970-01-01 (proleptic Gregorian).
    public static func civilDate(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (month <= 2 ? yoe + era * 400 + 1 : yoe + era * 400, month, day)
    }

}

/// A cursor over the bytes of an ISO 8601 date-time.
private struct DateScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func parse() -> Date? {
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
              let day = number(2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
                || bytes[index] == UInt8(ascii: " ") else { return nil }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2), hour < 24, minute < 60 else { return nil }
        var second: Int64 = 0
        if expect(UInt8(ascii: ":")) {
            guard let s = number(2), s < 61 else { return nil }
            second = s
        }
        var fraction = 0.0
        if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset: Int64 = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
                guard let oh = number(2) else { return nil }
                _ = expect(UInt8(ascii: ":"))
                let om = number(2) ?? 0
                guard oh < 24, om < 60 else { return nil }
                offset = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }
        let days = LinkdingDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private mutating func number(_ width: Int) -> Int64? {
        guard index + width <= bytes.count else { return nil }
        var value: Int64 = 0
        for offset in 0..<width {
            guard let digit = digitValue(bytes[index + offset]) else { return nil }
            value = value * 10 + Int64(digit)
        }
        index += width
        return value
    }

    private mutating func expect(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private func digitValue(_ byte: UInt8) -> Int? {
        (48...57).contains(byte) ? Int(byte) - 48 : nil
    }
}
