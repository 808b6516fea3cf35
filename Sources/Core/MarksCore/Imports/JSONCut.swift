/// Where JSON that ends too soon was cut: the entry left open — the innermost object still open whose parent is a
/// list — by its number in that list and the line it begins on. Strings are skipped (a bracket inside one counts for
/// nothing). Nil when every bracket is closed (the JSON is broken some other way).
struct JSONCut: Equatable {
    /// The open entry's number in its list, from 1.
    let entry: Int
    /// The line the open entry begins on, from 1.
    let line: Int

    init?(_ text: String) {
        // Each open bracket: whether it is a list, the line it opened on, and (for a list) the values it has begun.
        var open: [(list: Bool, line: Int, values: Int)] = []
        var line = 1
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if byte == 0x0A { line += 1 }
            if inString {
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x22: inString = true
            case 0x5B, 0x7B:
                if let last = open.last, last.list, last.values == 0 { open[open.count - 1].values = 1 }
                open.append((byte == 0x5B, line, 0))
            case 0x5D, 0x7D:
                if !open.isEmpty { open.removeLast() }
            case 0x2C:
                if let last = open.last, last.list { open[open.count - 1].values += 1 }
            default:
                break
            }
        }
        guard let index = open.indices.last(where: { $0 > 0 && !open[$0].list && open[$0 - 1].list }) else { return nil }
        entry = max(1, open[index - 1].values)
        self.line = open[index].line
    }
}
