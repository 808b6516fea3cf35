extension Duration {
    /// The duration in seconds, as a `Double` (for `Date` arithmetic and `TimeInterval` APIs).
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
