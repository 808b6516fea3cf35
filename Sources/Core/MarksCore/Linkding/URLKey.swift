/// A URL's 64-bit key: the `ContentHash.key` of its normalised form (`URLNormalizer`), as a signed integer
/// for SQLite. The embedded store keeps it in an indexed INTEGER column to find a bookmark by URL with an 8-byte
/// index entry instead of the whole normalised text. A key is not an identity: two different URLs may share one, so
/// whoever looks a URL up by key compares the normalised URLs of the rows it finds.
public enum URLKey {
    /// The key of an already normalised URL.
    public static func of(normalized: String) -> Int64 {
        ContentHash(normalized).key
    }

    /// The key of `url`, normalised first.
    public static func of(url: String) -> Int64 {
        of(normalized: URLNormalizer.normalize(url))
    }
}
