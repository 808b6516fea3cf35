import MarksEngine

/// The engine's request limits checked before a provider is asked, so a request the offline engine would
/// refuse is refused the same way (an `EngineError`) instead of reaching the network.
struct EngineRequestCheck: Sendable {
    let limits: EngineLimits

    func check(_ request: EnrichRequest) throws(EngineError) {
        try present(request.url, "url")
        try length(request.url, limits.url, "url")
        try length(request.title, limits.title, "title")
        try length(request.description, limits.description, "description")
        try length(request.text, limits.text, "text")
        let vocabulary = request.vocabulary ?? []
        try count(vocabulary.count, limits.vocabulary, "vocabulary")
        for (index, tag) in vocabulary.enumerated() { try length(tag, limits.tag, "vocabulary[\(index)]") }
    }

    func check(query: String, items: [RankItem]) throws(EngineError) {
        try present(query, "query")
        try length(query, limits.query, "query")
        try count(items.count, limits.rankItems, "bookmarks")
        for (index, item) in items.enumerated() {
            try length(item.title, limits.title, "bookmarks[\(index)].title")
            try length(item.domain, limits.domain, "bookmarks[\(index)].domain")
            try length(item.summary, limits.summary, "bookmarks[\(index)].summary")
        }
    }

    func check(_ items: [CollectionItem]) throws(EngineError) {
        try count(items.count, limits.collectionItems, "bookmarks")
        for (index, item) in items.enumerated() {
            try length(item.title, limits.title, "bookmarks[\(index)].title")
            try length(item.domain, limits.domain, "bookmarks[\(index)].domain")
            try length(item.summary, limits.summary, "bookmarks[\(index)].summary")
            let tags = item.tags ?? []
            try count(tags.count, limits.itemTags, "bookmarks[\(index)].tags")
            for (tagIndex, tag) in tags.enumerated() { try length(tag, limits.tag, "bookmarks[\(index)].tags[\(tagIndex)]") }
        }
    }

    private func present(_ value: String, _ field: String) throws(EngineError) {
        if value.allSatisfy(\.isWhitespace) { throw .missingValue(field: field) }
    }

    private func length(_ value: String?, _ limit: Int, _ field: String) throws(EngineError) {
        guard let value, value.utf8.count > limit else { return }
        throw .tooLong(field: field, length: value.utf8.count, limit: limit)
    }

    private func count(_ count: Int, _ limit: Int, _ field: String) throws(EngineError) {
        if count > limit { throw .tooManyItems(field: field, count: count, limit: limit) }
    }
}
