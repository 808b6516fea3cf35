/// Where the one live pairing code is kept: `InMemoryPairingCodes` in the process (one `marks serve` on its SQLite
/// file), `PostgresPairingCodes` in the shared database, so a code Settings → Devices shows on one worker registers a
/// device through any worker, once. The rules (expiry, wrong tries, a match uses it up) are `PairingCodes`'; a store
/// only hands the code to one caller at a time and keeps what that caller leaves.
public protocol PairingCodeRecords: Sendable {
    /// Runs `body` on the live code (nil when there is none) while no other caller, on any worker, can read or change
    /// it, then stores what `body` left (nil: no code).
    func update<T>(_ body: (inout StoredPairingCode?) -> T) throws(AppAPIError) -> T
}
