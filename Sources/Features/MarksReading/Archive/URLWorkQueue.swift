/// The URLs a run over many pages (the archive's, the link check's) still has to fetch, handed out one at a time to
/// its parallel workers.
actor URLWorkQueue {
    private var urls: [String]
    private var position = 0

    init(_ urls: [String]) { self.urls = urls }

    /// The next URL, or nil when the run has handed out every one.
    func next() -> String? {
        guard position < urls.count else { return nil }
        defer { position += 1 }
        return urls[position]
    }
}
