/// What adding text or a file gave: a new source, or the existing one with the same content (sha256), which
/// is offered instead of a second copy.
public enum DocumentAddition: Sendable, Equatable {
    case added(StoredDocument)
    case duplicate(DocumentSummary)

    /// The new or existing source.
    public var summary: DocumentSummary {
        switch self {
        case .added(let source): source.summary
        case .duplicate(let summary): summary
        }
    }
}
