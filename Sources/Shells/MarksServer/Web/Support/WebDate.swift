import Foundation
import MarksCore

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
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(offsetSeconds)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = LinkdingDate.civilDate(fromDays: days)
        return (Int(year), Int(month), Int(day))
    }
}
