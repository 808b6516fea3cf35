import CryptoPrimitives
import SQLiteDatabase

/// The JWT signing key, kept in `backend_settings` of the server's database: made from 32 random bytes
/// the first time any process asks, then the same for every process sharing the file.
public enum SigningKeyStore {
    static let settingName = "jwt_signing_key"
    /// Bytes in a key.
    public static let keyLength = 32

    /// The stored key, made and stored first when there is none.
    public static func loadOrCreate(in database: Database) throws(BackendError) -> [UInt8] {
        let fresh: [UInt8]
        do {
            fresh = try SecureRandom.bytes(keyLength)
        } catch {
            throw .unavailable("No random bytes for the signing key: \(error)")
        }
        do {
            return try database.write { connection in
                // INSERT OR IGNORE keeps a key another process stored first.
                try connection.run("INSERT OR IGNORE INTO backend_settings (name, value) VALUES (?, ?)",
                                   [SQLValue(settingName), SQLValue(fresh)])
                guard let row = try connection.queryOne("SELECT value FROM backend_settings WHERE name = ?", [SQLValue(settingName)]) else {
                    throw BackendError.storage("the signing key vanished right after it was stored")
                }
                let key = try row.blob("value")
                guard key.count == keyLength else { throw BackendError.storage("the stored signing key has \(key.count) bytes") }
                return key
            }
        } catch let error as BackendError {
            throw error
        } catch {
            throw .storage("the signing key could not be read or stored: \(error)")
        }
    }
}
