import Foundation

/// Marks' own export, version 1: a JSON object `{"format": "marks-export", "version": 1, "exported_at": …,
/// "bookmarks": [ … ]}` with one bookmark a line, each with its AI metadata and its highlights, so the library comes
/// back whole on `marks import`. Source-specific ids are left out (a bookmark is its URL; its highlights sit inside
/// it), so an export, imported into an empty library and exported again, is the same file but for `exported_at`.
public enum MarksExportFile {
    /// The `format` value.
    public static let format = "marks-export"
    /// The version this build writes and the newest it reads.
    public static let version = 1

    /// One bookmark with everything Marks keeps for it.
    public struct Bookmark: Codable, Sendable, Equatable {
        public var url: String
        public var title: String
        public var description: String
        public var notes: String
        public var tags: [String]
        public var unread: Bool
        public var archived: Bool
        public var shared: Bool
        public var dateAdded: String
        public var dateModified: String
        /// What AI enrichment made, with the engine that made it; nil when nothing was.
        public var ai: AI?
        public var highlights: [Highlight]

        enum CodingKeys: String, CodingKey {
            case url, title, description, notes, tags, unread, archived, shared, ai, highlights
            case dateAdded = "date_added", dateModified = "date_modified"
        }

        /// Decodes a bookmark; `url` is required, the rest falls back to empty.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            url = try c.decode(String.self, forKey: .url)
            title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
            description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
            notes = try c.decodeIfPresent(String.self, forKey: .notes) ?? ""
            tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
            unread = try c.decodeIfPresent(Bool.self, forKey: .unread) ?? false
            archived = try c.decodeIfPresent(Bool.self, forKey: .archived) ?? false
            shared = try c.decodeIfPresent(Bool.self, forKey: .shared) ?? false
            dateAdded = try c.decode(String.self, forKey: .dateAdded)
            dateModified = try c.decodeIfPresent(String.self, forKey: .dateModified) ?? dateAdded
            ai = try c.decodeIfPresent(AI.self, forKey: .ai)
            highlights = try c.decodeIfPresent([Highlight].self, forKey: .highlights) ?? []
        }

        /// A bookmark value.
        public init(url: String, title: String, description: String, notes: String, tags: [String], unread: Bool, archived: Bool,
                    shared: Bool, dateAdded: String, dateModified: String, ai: AI?, highlights: [Highlight]) {
            self.url = url
            self.title = title
            self.description = description
            self.notes = notes
            self.tags = tags
            self.unread = unread
            self.archived = archived
            self.shared = shared
            self.dateAdded = dateAdded
            self.dateModified = dateModified
            self.ai = ai
            self.highlights = highlights
        }
    }

    /// A bookmark's AI summary and tags and their provenance.
    public struct AI: Codable, Sendable, Equatable {
        public var summary: String?
        public var tags: [String]
        public var engine: String
        public var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case summary, tags, engine
            case updatedAt = "updated_at"
        }
    }

    /// A highlight: its quote and context (the anchor), its note, its dates.
    public struct Highlight: Codable, Sendable, Equatable {
        public var quote: String
        public var prefix: String
        public var suffix: String
        public var note: String?
        public var createdAt: String
        public var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case quote, prefix, suffix, note
            case createdAt = "created_at", updatedAt = "updated_at"
        }
    }

    /// The first part of the file: format, version, when. Read first, so a newer version is refused by name.
    struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    /// The whole file as read back.
    struct Contents: Decodable {
        var bookmarks: [Bookmark]
    }

    /// A date as written: ISO 8601 in UTC with microseconds (what the store keeps), so it comes back to the same value.
    public static func date(_ date: Date) -> String {
        let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
        let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
        let fraction = micros - seconds * 1_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = civil(days)
        return String(format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06lldZ", year, month, day, time / 3600, time / 60 % 60, time % 60, fraction)
    }

    /// A date read back: `date`'s own form exactly; nil for anything else.
    public static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 27, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
              bytes[19] == 0x2E, bytes[26] == 0x5A else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in bytes[range] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19), let micros = number(20..<26),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let seconds = days(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds * 1_000_000 + micros) / 1_000_000)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func days(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count since 1970-01-01 (`civil_from_days`).
    private static func civil(_ count: Int64) -> (Int64, Int64, Int64) {
        let z = count + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
