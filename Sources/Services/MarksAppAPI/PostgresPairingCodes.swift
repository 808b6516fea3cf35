import Foundation
import PostgresDatabase

/// The pairing code in a PostgreSQL database every worker shares: the one row of `backend_pairing_code` (its columns
/// NULL while there is no code). An update locks that row (`FOR UPDATE`) in a transaction, so workers redeeming at
/// the same moment take turns and a code is used once however many try it.
public struct PostgresPairingCodes: PairingCodeRecords {
    private let pool: PostgresPool

    /// The code in `pool`'s database (migrated with `AppAPIStore.postgres`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func update<T>(_ body: (inout StoredPairingCode?) -> T) throws(AppAPIError) -> T {
        do {
            return try pool.transaction { connection in
                guard let row = try connection.queryOne(
                    "SELECT digest, expires_at, wrong_tries FROM backend_pairing_code WHERE id = 1 FOR UPDATE") else {
                    throw AppAPIError.storage("the pairing code's row is missing from backend_pairing_code")
                }
                let before = try row.optionalBytes("digest").map { digest in
                    StoredPairingCode(digest: digest, expiresAt: Date(timeIntervalSince1970: try row.double("expires_at")),
                                      wrongTries: try row.int("wrong_tries"))
                }
                var code = before
                let result = body(&code)
                if code != before {
                    try connection.execute("UPDATE backend_pairing_code SET digest = $1, expires_at = $2, wrong_tries = $3 WHERE id = 1", [
                        code.map { .bytes($0.digest) } ?? .null,
                        code.map { .double($0.expiresAt.timeIntervalSince1970) } ?? .null,
                        .int(Int64(code?.wrongTries ?? 0)),
                    ])
                }
                return result
            }
        } catch let error as AppAPIError {
            throw error
        } catch {
            throw .storage("the pairing code could not be read or stored: \(error)")
        }
    }
}
