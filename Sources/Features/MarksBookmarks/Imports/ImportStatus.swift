/// Where one import started from the web app is (`ImportJobs.status(_:)`): its file's name and its state.
public struct ImportStatus: Sendable, Equatable {
    /// The import's state as the page shows it.
    public enum State: Sendable, Equatable {
        /// Queued or running: entries written so far of the file's count (0 of 0 while the file is read).
        case running(done: Int, total: Int)
        /// Committed, with its report.
        case finished(ImportReport)
        /// Refused or failed, with the reason (nothing was imported).
        case failed(String)
        /// Cut short by a stop or crash of the server, with the reason; it is not run again by itself.
        case interrupted(String)
    }

    /// The import's id (its page is `/settings/import/<id>`).
    public var id: String
    /// The uploaded file's name.
    public var file: String
    public var state: State

    /// A status.
    public init(id: String, file: String, state: State) {
        self.id = id
        self.file = file
        self.state = state
    }
}
