import MarksCore

extension LibraryService {
    /// The names of the source's tags (linkding's tag list, not counted), sorted case-insensitively,
    /// for autocomplete and scope pickers; at most `limit` names.
    public func tagNames(limit: Int = 5000) async throws -> [String] {
        var names: [String] = []
        var offset = 0
        while names.count < limit {
            let page = try await source.tags(limit: min(1000, limit - names.count), offset: offset)
            names += page.results.map(\.name)
            offset += page.results.count
            guard page.next != nil, !page.results.isEmpty else { break }
        }
        // Each name lower-cased once, not twice per comparison (issue 36: 3,000 tags made this the Search page's largest cost).
        return names.map { ($0.lowercased(), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
