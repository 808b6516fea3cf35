import MarksFetch
import SQLiteDatabase

extension PageArchive {
    /// The sizes the reader's image proxy learnt of those of `urls` it has served, by address.
    public func imageSizes(of urls: [String]) throws -> [String: ImageSize] {
        guard !urls.isEmpty else { return [:] }
        return try storage {
            try database.read { connection in
                let statement = try connection.prepare("SELECT width, height FROM archive_image_sizes WHERE url = ?")
                var sizes: [String: ImageSize] = [:]
                for url in Set(urls) {
                    try statement.bind([.text(url)])
                    defer { statement.reset() }
                    if let row = try statement.step(), let size = ImageSize(width: try row.int(at: 0), height: try row.int(at: 1)) {
                        sizes[url] = size
                    }
                }
                return sizes
            }
        }
    }

    /// Remembers that the image at `url` is `size` (the proxy tells each image it serves; a known size is not
    /// written again).
    public func rememberImageSize(_ size: ImageSize, of url: String) throws {
        guard try imageSizes(of: [url])[url] != size else { return }
        try storage {
            try database.write { connection in
                _ = try connection.run("""
                    INSERT INTO archive_image_sizes (url, width, height) VALUES (?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET width = excluded.width, height = excluded.height
                    """, [.text(url), .integer(Int64(size.width)), .integer(Int64(size.height))])
            }
        }
    }
}
