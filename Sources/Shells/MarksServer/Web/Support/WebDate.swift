import Foundation

/// Dates as rows show them (`12 Mar 2025`) and as `<time datetime>` wants them (`2025-03-12`),
/// in a fixed offset from UTC; no locale or ICU work per row.
struct WebDate: Sendable {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Seconds east of UTC for the person's time zone.
    var offsetSeconds: Int

    /// `12 Mar 2025`.
    func day(_ date: Date) -> String {
        let (year, month, day) = civil(date)
        return "\(day) \(Self.months[month - 1]) \(year)"
    }

    /// `2025-03-12`.
    func iso(_ date: Date) -> String {
        let (year, month, day) = civil(date)
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    private func civil(_ date: Date) -> (Int, Int, Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + offsetSeconds
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        // Howard Hinnant's days-to-civil algorithm.
        let z = days + 719_468
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
