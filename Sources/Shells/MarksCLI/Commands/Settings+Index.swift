import Foundation
import MarksCore
import MarksIndex
import MarksLibrary
import SQLiteDatabase

extension Settings {
    /// The search index in the data directory's `marks.sqlite` (the directory is created, mode 0700, if needed).
    func searchIndex() throws -> SearchIndex {
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return try SearchIndex(path: paths.databaseFile.path)
    }

    /// The index's library observer, so every command that changes bookmarks keeps the index in step
    /// (vectors are computed later, by `marks index` or a semantic search). When the index cannot be
    /// opened the command still runs, with a warning.
    func indexObservers(context: CLIContext, source: any BookmarkSource, database: Database) -> [LibraryObserver] {
        do {
            let index = try SearchIndex(database: database)
            return [index.observer(source: source, warn: { context.printError("warning: \($0)") })]
        } catch {
            context.printError("warning: the search index is not being updated: \(CLIErrorMessage.describe(error))")
            return []
        }
    }

    /// The library without the index observer (for `marks index`, which writes the index itself).
    func libraryWithoutIndex(context: CLIContext) throws -> LibraryService {
        try library(context: context, indexed: false)
    }
}
