/// What a link check found: the page answers, is gone, moved for good to another address, or could not be told.
public enum LinkStatus: Sendable, Equatable {
    case ok
    case broken(reason: String)
    case moved(to: String)
    /// The check could not decide (refused by the site, too slow, not checked); not counted as broken.
    case unknown(reason: String)

    /// The word stored and shown for each case.
    public enum Kind: String, Sendable, CaseIterable {
        case ok, broken, moved, unknown
    }

    /// This status's kind.
    public var kind: Kind {
        switch self {
        case .ok: .ok
        case .broken: .broken
        case .moved: .moved
        case .unknown: .unknown
        }
    }

    /// The reason (broken, unknown) or the new address (moved); nil when the link is fine.
    public var detail: String? {
        switch self {
        case .ok: nil
        case .broken(let reason), .unknown(let reason): reason
        case .moved(let to): to
        }
    }

    /// The status from its stored kind and detail; nil for an unknown word.
    public init?(kind: String, detail: String?) {
        switch Kind(rawValue: kind) {
        case .ok: self = .ok
        case .broken: self = .broken(reason: detail ?? "")
        case .moved: self = .moved(to: detail ?? "")
        case .unknown: self = .unknown(reason: detail ?? "")
        case nil: return nil
        }
    }
}
