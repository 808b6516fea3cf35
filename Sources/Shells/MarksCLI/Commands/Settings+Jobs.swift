import Foundation
import MarksJobs
import SQLiteDatabase

extension Settings {
    /// The jobs table in the data directory's `marks.sqlite` (the directory is created, mode 0700, if needed).
    func jobStore() throws -> JobStore {
        try FileManager.default.createDirectory(at: paths.dataDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return try JobStore(database: Database(path: paths.databaseFile.path))
    }

    /// A job runner for a command that runs a job in the foreground (`marks add` waiting for its summary); its
    /// problems are printed as warnings.
    func jobRunner(context: CLIContext) throws -> JobRunner {
        JobRunner(store: try jobStore(), clock: JobClock(now: context.now, sleep: JobClock.system.sleep),
                  log: { context.printError("warning: \($0)") })
    }
}
