/// How much page cache a `Database`'s readers keep, in megabytes. Every read tries the readers in order (the first
/// free one takes it), so `first` is the cache that light traffic keeps warm and `others` those that concurrent reads
/// spill to. A cache only grows as pages are read, up to its size, and stays until the connection closes.
public struct ReaderCacheSizes: Sendable, Equatable {
    /// The first reader's cache.
    public var first: Int
    /// Each other reader's cache.
    public var others: Int

    /// Sizes as given (at least 1 MB each).
    public init(first: Int, others: Int) {
        self.first = max(1, first)
        self.others = max(1, others)
    }

    /// SQLite's own default for every reader (~2 MB each); the pragma is then left alone.
    public static let sqliteDefault = ReaderCacheSizes(first: 2, others: 2)

    /// For a file that searches read row by row (the bookmark store): a search's candidates are checked on their rows
    /// and a phrase in 1–2 % of 100k bookmarks reads ~1,500 scattered pages (~6–7 MB), which a 2 MB cache re-reads
    /// from the OS on every request. 8 MB for the first reader holds them; 1 MB for each other keeps the readers'
    /// total near SQLite's default (11 MB for four readers, against 8).
    public static let warmFirst = ReaderCacheSizes(first: 8, others: 1)
}
