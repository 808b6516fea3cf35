/// Why a file could not be read in the format it was taken for; nothing is imported then.
public enum ImportFormatError: Error, Equatable, Sendable {
    /// The file is not in `format` (the text says what was missing).
    case notThisFormat(ImportFormat, String)
    /// The file is broken at `place` (a quote never closed, JSON cut short…): probably truncated.
    case broken(ImportFormat, place: ImportPlace?, String)

    /// A sentence for a person.
    public var message: String {
        switch self {
        case .notThisFormat(let format, let why):
            return "This is not a \(format.title): \(why). Choose the format with --format (\(ImportFormat.names)) or export the file again."
        case .broken(let format, let place, let why):
            let at = place.map { " at \($0.description)" } ?? ""
            return "The \(format.title) is broken\(at): \(why). Was it cut short? Export it again."
        }
    }
}
