/// What adding text or a file gave: a new source, or the existing one with the same content (sha256), which
/// is offered instead of a second copy.
public enum SourceAddition: Sendable, Equatable {
    case added(IngestedSource)
    case duplicate(SourceSummary)

    /// The new or existing source.
    public var summary: SourceSummary {
        switch self {
        case .added(let source): source.summary
        case .duplicate(let summary): summary
        }
    }
}
