import Foundation
import MarksAppAPI
import MarksJobs
import MarksPodcasts
import MarksServer
import PostgresDatabase

/// The backend's state — devices, the signing key, rate windows, analytics, its jobs and podcast episodes — in the
/// data directory's SQLite file, or with `--database postgres://…` (`MARKS_DATABASE_URL`) in a PostgreSQL database
/// any number of `marks serve` workers share. A worker's own library (bookmarks, cache, index, sources, sessions) and
/// its library jobs stay in its data directory either way.
extension CompositionRoot {
    /// Connections a worker opens to the shared database (its request and job threads take turns on them).
    public static let sharedPoolSize = 8

    /// The pool to the shared database, or nil when the backend is kept in SQLite.
    public func sharedPool() -> PostgresPool? {
        guard let url = settings.databaseURL else { return nil }
        return part(\.sharedPool) { PostgresPool(url: url, size: Self.sharedPoolSize, connectTimeout: .seconds(5), name: "postgres") }
    }

    /// The backend's records (migrated): in the shared database, else in `marks.sqlite`.
    public func backendStore() throws -> AppAPIStore {
        guard let pool = sharedPool() else { return try .sqlite(try data().database, now: context.now) }
        return try .postgres(pool, now: context.now)
    }

    /// The runner of the backend's own jobs (podcast generation): over the shared database's `jobs` table — every
    /// worker claims from it, woken by its NOTIFY, looking every 2 s anyway, and taking back a dead worker's jobs
    /// within 15 s of their heartbeat going stale — else the one runner of `jobs()`.
    public func backendJobs() throws -> JobRunner {
        guard let pool = sharedPool() else { return try jobs() }
        let warn = warn
        return try part(\.backendJobs) {
            JobRunner(store: try PostgresJobStore(pool: pool, log: warn), clock: JobClock(now: context.now, sleep: JobClock.system.sleep),
                      settings: JobRunnerSettings(maintenanceInterval: .seconds(15), pickUpInterval: .seconds(2)), log: warn)
        }
    }

    /// The backend's podcast episodes (and their audio): in the shared database, else in `marks.sqlite`.
    public func episodeRecords() throws -> any EpisodeRecords {
        guard let pool = sharedPool() else { return try PodcastStore(database: try data().database) }
        return try PostgresPodcastStore(pool: pool)
    }

    /// `/healthz`'s look at the backend's database: one round trip.
    public func databaseHealth() -> @Sendable () -> DatabaseHealth {
        let clock = ContinuousClock()
        if let pool = sharedPool() {
            let warn = warn
            return {
                let start = clock.now
                do {
                    let version = try pool.check()
                    return DatabaseHealth(kind: "postgresql", ok: true, serverVersion: version, elapsed: clock.now - start)
                } catch {
                    warn("the shared database does not answer: \(error)")
                    return DatabaseHealth(kind: "postgresql", ok: false, serverVersion: nil, elapsed: clock.now - start)
                }
            }
        }
        do {
            return DatabaseHealth.sqlite(try data().database)
        } catch {
            return { DatabaseHealth(kind: "sqlite", ok: false, serverVersion: nil, elapsed: .zero) }
        }
    }
}
