import Foundation
import MarksBookmarks

/// The line a command prints on standard error when it read the local copy because linkding could not be
/// reached: "offline — showing the copy from <time>", then why. Standard output stays what it always is (valid
/// JSON with `--json`).
enum OfflineNotice {
    /// Prints the notice when `offline` is set.
    static func print(_ offline: OfflineCopy?, context: CLIContext) {
        guard let offline else { return }
        context.printError(line(offline, timeZone: timeZone(context)))
    }

    /// The notice for a copy, with times in `timeZone`.
    static func line(_ offline: OfflineCopy, timeZone: TimeZone) -> String {
        let when = offline.syncedAt.map { "from " + format($0, timeZone: timeZone) }
            ?? "kept on this computer (never synced: `marks sync` makes a full copy)"
        return "offline — showing the copy \(when). \(offline.reason)"
    }

    /// `TZ` from the command's environment when it names a zone, else the system's.
    static func timeZone(_ context: CLIContext) -> TimeZone {
        context.environment["TZ"].flatMap { TimeZone(identifier: $0.hasPrefix(":") ? String($0.dropFirst()) : $0) } ?? .current
    }

    static func format(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        // Foundation abbreviates UTC as "GMT"; a person who set TZ=UTC reads "UTC".
        let utc: Set<String> = ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Universal", "Zulu"]
        let zone = utc.contains(timeZone.identifier) ? "UTC" : timeZone.abbreviation(for: date) ?? timeZone.identifier
        return formatter.string(from: date) + " " + zone
    }
}
