import Foundation

/// The bookmark files Marks imports, by the service that writes them: what `marks import --format NAME` names and what
/// `detect` finds from a file's content (its name only breaks a tie).
public enum ImportFormat: String, CaseIterable, Sendable, Codable {
    /// A Netscape bookmark file (browsers, linkding, Pinboard…).
    case netscape
    /// Pocket's CSV export (title, url, time_added, tags, status).
    case pocketCSV = "pocket-csv"
    /// Pocket's older HTML export (`ril_export.html`: an Unread and a Read Archive list).
    case pocketHTML = "pocket-html"
    /// Instapaper's CSV export (URL, Title, Selection, Folder, Timestamp).
    case instapaper
    /// Readwise Reader's CSV export (Title, URL, Document tags, Saved date, Location…).
    case readwise
    /// Wallabag's JSON export (an array of entries).
    case wallabag
    /// Omnivore's export (its ZIP, or one of the `metadata_*.json` files in it).
    case omnivore
    /// Karakeep's (formerly Hoarder's) JSON export.
    case karakeep
    /// Linkwarden's JSON export (collections of links).
    case linkwarden

    /// The service's name, for messages.
    public var title: String {
        switch self {
        case .netscape: "Netscape HTML bookmark file"
        case .pocketCSV: "Pocket CSV export"
        case .pocketHTML: "Pocket HTML export"
        case .instapaper: "Instapaper CSV export"
        case .readwise: "Readwise Reader CSV export"
        case .wallabag: "Wallabag JSON export"
        case .omnivore: "Omnivore export"
        case .karakeep: "Karakeep JSON export"
        case .linkwarden: "Linkwarden JSON export"
        }
    }

    /// The names `--format` accepts, for usage messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The format of `text` from its content: a CSV by its header's columns, JSON by its keys, Pocket's HTML by its
    /// `time_added` attributes (and no Netscape doctype). Text that is none of these is taken as Netscape HTML, whose reader
    /// then says it is not a bookmark file.
    public static func detect(_ text: String) -> ImportFormat {
        let head = text.prefix(65_536).trimmingPrefixWhitespace()
        if head.hasPrefix("{") || head.hasPrefix("[") {
            return ImportJSON.detect(text) ?? .netscape
        }
        let header = Set(CSVReader.header(of: String(head)).map { $0.lowercased() })
        if header.contains("url") {
            if header.contains("time_added") { return .pocketCSV }
            if header.contains("selection") || header.contains("folder") { return .instapaper }
            if header.contains("location") || header.contains("document tags") || header.contains("saved date")
                || header.contains("highlight") { return .readwise }
        }
        let lowered = head.lowercased()
        if !lowered.contains("<!doctype netscape"), lowered.contains("<a "), lowered.contains("time_added=") { return .pocketHTML }
        return .netscape
    }
}

extension Substring {
    /// The text without leading white space (and a byte-order mark).
    func trimmingPrefixWhitespace() -> Substring {
        drop { $0.isWhitespace || $0 == "\u{FEFF}" }
    }
}
