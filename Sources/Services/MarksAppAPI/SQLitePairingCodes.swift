import Foundation
import SQLiteDatabase

/// The pairing code in the SQLite database (`backend_pairing_code`, one row at most): `marks devices pair` and Settings
/// → Devices make codes the running `marks serve` on the same data directory accepts. An update runs in one IMMEDIATE
/// transaction, so two redemptions take turns and a code is used once.
public struct SQLitePairingCodes: PairingCodeRecords {
    private let database: Database

    /// The code in `database` (migrated with `AppAPISchema`).
    public init(database: Database) {
        self.database = database
    }

    public func update<T>(_ body: (inout StoredPairingCode?) -> T) throws(AppAPIError) -> T {
        do {
            return try database.write { connection in
                let before = try connection.queryOne("SELECT digest, expires_at, wrong_tries FROM backend_pairing_code WHERE id = 1").map { row in
                    StoredPairingCode(digest: try row.blob("digest"), expiresAt: Date(timeIntervalSince1970: try row.double("expires_at")),
                                      wrongTries: try row.int("wrong_tries"))
                }
                var code = before
                let result = body(&code)
                if code != before {
                    if let code {
                        try connection.run("""
                            INSERT INTO backend_pairing_code (id, digest, expires_at, wrong_tries) VALUES (1, ?1, ?2, ?3)
                            ON CONFLICT (id) DO UPDATE SET digest = ?1, expires_at = ?2, wrong_tries = ?3
                            """, [.blob(code.digest), .real(code.expiresAt.timeIntervalSince1970), .integer(Int64(code.wrongTries))])
                    } else {
                        try connection.run("DELETE FROM backend_pairing_code")
                    }
                }
                return result
            }
        } catch {
            throw .storage("the pairing code could not be read or stored: \(error)")
        }
    }
}
