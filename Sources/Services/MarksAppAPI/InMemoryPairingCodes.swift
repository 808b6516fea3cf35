import Synchronization

/// The pairing code in this process's memory: right for one `marks serve` on its own SQLite file (a restart ends the
/// code, as before the store seam).
public final class InMemoryPairingCodes: PairingCodeRecords {
    private let code = Mutex<StoredPairingCode?>(nil)

    /// No code yet.
    public init() {}

    public func update<T>(_ body: (inout StoredPairingCode?) -> T) -> T {
        code.withLock { body(&$0) }
    }
}
