extension StringProtocol {
    var trimmingSpaces: Substring {
        let text = Substring(self)
        guard let start = text.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let end = text.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return text[start...end]
    }
}
