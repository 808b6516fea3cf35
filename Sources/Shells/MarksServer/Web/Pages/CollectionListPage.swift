import MarksCore

/// One smart collection's bookmarks as rows, opened from its card on the Collections tab.
struct CollectionListPage {
    /// The most member ids a collection link carries.
    static let maxIDs = 200

    var name: String
    var list: BookmarkListView
    var count: Int
    var context: PageContext

    func render() -> HTML {
        """
        <p><a href="/collections">← Collections</a></p><h1>\(name)</h1>\
        <div class="toolbar"><span class="count" id="count">\(count) \(count == 1 ? "bookmark" : "bookmarks")</span></div>
        \(list.render())
        """
    }

    /// The ids of a `ids=1,2,3` parameter (numbers only, at most `maxIDs`, each once, in order).
    static func ids(_ text: String) -> [Int] {
        var seen = Set<Int>()
        return text.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .filter { $0 > 0 && seen.insert($0).inserted }.prefix(maxIDs).map { $0 }
    }
}
