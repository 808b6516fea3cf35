extension EngineLimits {
    /// Checks an enrich request against the limits.
    public func validate(_ request: EnrichRequest) throws {
        try Self.requireText(request.url, field: "url")
        try Self.check(request.url, limit: url, field: "url")
        try Self.check(request.title, limit: title, field: "title")
        try Self.check(request.description, limit: description, field: "description")
        try Self.check(request.text, limit: text, field: "text")
        let tags = request.vocabulary ?? []
        try Self.check(count: tags.count, limit: vocabulary, field: "vocabulary")
        for (index, tag) in tags.enumerated() {
            try Self.check(tag, limit: self.tag, field: "vocabulary[\(index)]")
        }
    }

    /// Checks a ranking request against the limits.
    public func validate(query: String, items: [RankItem]) throws {
        try Self.requireText(query, field: "query")
        try Self.check(query, limit: self.query, field: "query")
        try Self.check(count: items.count, limit: rankItems, field: "bookmarks")
        for (index, item) in items.enumerated() {
            try Self.check(item.title, limit: title, field: "bookmarks[\(index)].title")
            try Self.check(item.domain, limit: domain, field: "bookmarks[\(index)].domain")
            try Self.check(item.summary, limit: summary, field: "bookmarks[\(index)].summary")
        }
    }

    /// Checks a collections request against the limits.
    public func validate(_ items: [CollectionItem]) throws {
        try Self.check(count: items.count, limit: collectionItems, field: "bookmarks")
        for (index, item) in items.enumerated() {
            try Self.check(item.title, limit: title, field: "bookmarks[\(index)].title")
            try Self.check(item.domain, limit: domain, field: "bookmarks[\(index)].domain")
            try Self.check(item.summary, limit: summary, field: "bookmarks[\(index)].summary")
            let tags = item.tags ?? []
            try Self.check(count: tags.count, limit: itemTags, field: "bookmarks[\(index)].tags")
            for (tagIndex, tag) in tags.enumerated() {
                try Self.check(tag, limit: self.tag, field: "bookmarks[\(index)].tags[\(tagIndex)]")
            }
        }
    }
}
