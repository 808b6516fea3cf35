extension String {
    /// The string with every run of white space collapsed to one space, invisible characters removed
    /// and the ends trimmed; nil when nothing is left.
    var collapsedOrNil: String? {
        var builder = TextBlockBuilder()
        builder.append(self)
        return builder.finish().first?.text
    }
}
