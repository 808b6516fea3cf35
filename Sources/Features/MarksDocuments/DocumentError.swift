import Foundation
import SQLiteDatabase

/// Why a sources call failed, in words a user can act on.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    /// No live source has this id (or prefix).
    case notFound(String)
    /// The prefix names more than one source.
    case ambiguous(String, count: Int)
    /// The original is larger than the limit (bytes).
    case tooLarge(limit: Int)
    /// More files than one upload may hold.
    case tooManyFiles(limit: Int)
    /// Text to add was empty.
    case emptyText
    /// A search had no words.
    case emptyQuery
    /// A file could not be read or written.
    case file(path: String, reason: String)
    /// The database failed.
    case storage(String)

    public var description: String {
        switch self {
        case .notFound(let id): "No source \(id)."
        case .ambiguous(let prefix, let count): "\(prefix) matches \(count) sources; give more of the id."
        case .tooLarge(let limit): "The file is larger than the limit of \(Self.megabytes(limit))."
        case .tooManyFiles(let limit): "At most \(limit) files at once."
        case .emptyText: "There is no text to add."
        case .emptyQuery: "The search has no words."
        case .file(let path, let reason): "\(path): \(reason)"
        case .storage(let message): "Sources storage failed: \(message)"
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// Runs `body`, turning SQLite errors into `.storage`.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DocumentError {
            throw error
        } catch let error as SQLiteError {
            throw DocumentError.storage(error.description)
        } catch {
            throw DocumentError.storage("\(error)")
        }
    }
}
