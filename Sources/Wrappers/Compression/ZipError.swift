/// Why a ZIP archive (or one entry) could not be read.
public enum ZipError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(String)
    /// It is not a ZIP archive, or a damaged one.
    case malformed(String)
    /// A feature this reader does not read (Zip64, encryption, an unusual compression method).
    case unsupported(String)
    /// Over a limit (entries, bytes of one entry, bytes in all): a zip bomb, or just too big.
    case tooLarge(String)

    public var description: String {
        switch self {
        case .unreadable(let reason): "the archive could not be read (\(reason))"
        case .malformed(let reason): "the archive is damaged: \(reason)"
        case .unsupported(let what): "the archive uses what this reader does not support: \(what)"
        case .tooLarge(let what): "the archive is over its limits: \(what)"
        }
    }
}
