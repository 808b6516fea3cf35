import Foundation

/// The one `Retry-After` reader: delta-seconds (`120`, or a decimal such as `0.5`) or an HTTP-date
/// (`Wed, 21 Oct 2026 07:28:00 GMT`, honoured only when the caller passes `now`). Nil when absent, malformed or negative.
public enum RetryAfter {
    /// How long a `Retry-After` value asks to wait.
    public static func parse(_ value: String?, now: Date? = nil) -> Duration? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let number = Double(text) {
            guard number.isFinite, number >= 0 else { return nil }
            return .milliseconds(Int64((number * 1000).rounded(.up)))
        }
        guard let now, let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return .milliseconds(Int64(max(0, seconds * 1000).rounded(.up)))
    }

    /// Whole seconds of a wait, rounded up (for messages and `rateLimited` values).
    public static func seconds(_ duration: Duration) -> Int {
        let (whole, fraction) = duration.components
        return Int(whole) + (fraction > 0 ? 1 : 0)
    }

    private static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
