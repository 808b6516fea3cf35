/// Why an import could not be staged, queued or recorded (the import itself reports through `ImportStatus`).
public enum ImportJobError: Error, Sendable, CustomStringConvertible {
    /// The staged file could not be written, read or removed.
    case file(path: String, reason: String)
    /// The `web_imports` table could not be read or written.
    case table(String)
    /// The id is not one `ImportJobs` makes (letters, digits, `-`, `_`).
    case invalidID(String)

    public var description: String {
        switch self {
        case .file(let path, let reason): "The import's file \(path) could not be used: \(reason)."
        case .table(let reason): "The import could not be recorded: \(reason)."
        case .invalidID(let id): "'\(id.prefix(80))' is not an import id."
        }
    }

    /// Runs `body`, turning any error of the table into `table`.
    static func wrap<T>(_ body: () throws -> T) throws(ImportJobError) -> T {
        do {
            return try body()
        } catch let error as ImportJobError {
            throw error
        } catch {
            throw .table(String(describing: error))
        }
    }
}
