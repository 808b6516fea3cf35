extension Int {
    /// The number with a comma between each three digits, as the pages and messages write counts: 2048 as "2,048".
    public var grouped: String {
        var digits = String(magnitude)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits.removeLast(3)
        }
        return (self < 0 ? "-" : "") + digits + out
    }
}
