import CryptoPrimitives
import PostgresDatabase

/// The JWT signing key of a backend on PostgreSQL: one row of `backend_secrets`, made by whichever worker asks
/// first (`ON CONFLICT DO NOTHING`, then read back: every worker ends up with that one key).
///
/// On SQLite the key moved out of the database into a 0600 file (anyone who could read `marks.sqlite` could forge
/// tokens); a shared database is reached only with the workers' own role and password, and a key on a disk of one
/// machine would not reach the others. Keep that role's password out of reach: it signs `/v1/` tokens.
public struct PostgresSigningSecret: SigningSecretRecords {
    static let name = "jwt_signing_key"
    private let pool: PostgresPool

    /// The key in `pool`'s database (migrated with `AppAPIStore.postgres`).
    public init(pool: PostgresPool) {
        self.pool = pool
    }

    public func loadOrCreate() throws(AppAPIError) -> [UInt8] {
        let stored: [UInt8]?
        do {
            let candidate = try SecureRandom.bytes(SigningKeyStore.keyLength)
            stored = try pool.withConnection { connection in
                try connection.execute("INSERT INTO backend_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                                       [.text(Self.name), .bytes(candidate)])
                return try connection.queryOne("SELECT value FROM backend_secrets WHERE name = $1", [.text(Self.name)])?.bytes("value")
            }
        } catch {
            throw .storage("the signing key could not be read or stored: \(error)")
        }
        guard let stored, stored.count == SigningKeyStore.keyLength else {
            throw .storage("the stored signing key is missing or has \(stored?.count ?? 0) bytes instead of \(SigningKeyStore.keyLength)")
        }
        return stored
    }
}
