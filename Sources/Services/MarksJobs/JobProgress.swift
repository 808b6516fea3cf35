/// How far a running job is: a fraction (nil when unknown) and a short line for a person ("12 of 40: Title").
public struct JobProgress: Sendable, Equatable, Codable {
    /// Done so far, 0...1, or nil when the job cannot tell.
    public var fraction: Double?
    /// A short description of where the job is.
    public var text: String

    /// A progress value; the fraction is clamped to 0...1 (NaN becomes nil).
    public init(fraction: Double?, text: String) {
        self.fraction = fraction.flatMap { $0.isNaN ? nil : min(1, max(0, $0)) }
        self.text = String(text.prefix(500))
    }

    /// `done` of `total` with a line; a total of zero counts as finished.
    public init(done: Int, total: Int, text: String) {
        self.init(fraction: total <= 0 ? 1 : Double(done) / Double(total), text: text)
    }
}
