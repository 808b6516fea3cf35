import Foundation

/// Why an export could not be written or a Marks export could not be read back; nothing was imported.
public enum LibraryExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not JSON, or is cut short (`detail` says where the parser stopped).
    case notJSON(String)
    /// JSON, but not a Marks export.
    case notAMarksExport
    /// A Marks export from a newer Marks than this one.
    case newerVersion(Int)
    /// An entry that cannot be read (`index` counts from 1).
    case badEntry(index: Int, reason: String)
    /// A source that cannot be read (`index` counts from 1).
    case badSource(index: Int, reason: String)
    /// The output cannot be written.
    case output(String)

    public var description: String {
        switch self {
        case .notJSON(let detail): "The file is not complete JSON (cut short or damaged: \(detail))."
        case .notAMarksExport: "The file is JSON but not a Marks export (no \"format\": \"\(MarksExportFile.format)\")."
        case .newerVersion(let version):
            "The file is a Marks export of version \(version); this Marks reads up to version \(MarksExportFile.version). Update Marks to import it."
        case .badEntry(let index, let reason):
            index > 0 ? "Bookmark \(index) of the file cannot be read: \(reason)." : "The file's list of bookmarks cannot be read: \(reason)."
        case .badSource(let index, let reason): "Source \(index) of the file cannot be read: \(reason)."
        case .output(let reason): "The export could not be written: \(reason)"
        }
    }
}
