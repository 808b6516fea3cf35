import Foundation
import MarksCore
import MarksStorage
import SQLiteDatabase
import SystemSupport
import MarksFetch

/// The data directory opened once per process: the shared `marks.sqlite` and the embedded store in it.
/// Both shells (the CLI and `marks serve`) build their services from this, so they agree on files and schema.
public final class LocalData: Sendable {
    public let paths: MarksPaths
    public let database: Database
    public let store: BookmarkStore

    /// Opens (creating with mode 0700 if needed) the data directory and its database.
    public init(paths: MarksPaths, now: @escaping @Sendable () -> Date) throws {
        self.paths = paths
        do {
            try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw AtomicFile.WriteError(path: paths.dataDirectory.path, reason: error.localizedDescription)
        }
        database = try Database(path: paths.databaseFile.path, readerCaches: .warmFirst)
        store = try BookmarkStore(database: database, now: now)
    }

    /// The embedded store as a bookmark source; page links are built on `baseURL`, `check` metadata comes
    /// from `metadata`.
    public func embeddedSource(baseURL: String, metadata: PageMetadataService) -> EmbeddedBookmarkSource {
        EmbeddedBookmarkSource(store: store, baseURL: baseURL) { url in await metadata.metadata(for: url) }
    }
}
