/// Why an `AdmissionGate` did not give a caller its result.
public enum AdmissionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// As many calls as the gate allows were running; try again after the given seconds.
    case busy(what: String, retryAfterSeconds: Int)
    /// The call took longer than its budget; its work was cancelled.
    case overBudget(what: String, budget: Duration)

    public var description: String {
        switch self {
        case .busy(let what, let seconds):
            "The server is busy with other \(what); try again in \(seconds) second\(seconds == 1 ? "" : "s")."
        case .overBudget(let what, let budget):
            "This took longer than the \(Self.words(budget)) allowed for \(what), so it was stopped; try again with less work."
        }
    }

    private static func words(_ budget: Duration) -> String {
        let (seconds, attoseconds) = budget.components
        if seconds == 0 { return "\(attoseconds / 1_000_000_000_000_000) ms" }
        return "\(seconds) second\(seconds == 1 ? "" : "s")"
    }
}
