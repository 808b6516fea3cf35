import CryptoPrimitives
import Foundation
import SQLiteDatabase
import SystemSupport
#if canImport(Glibc)
import Glibc
#endif

/// The JWT signing key: 32 random bytes in `jwt_signing_key` (base64url, mode 0600) beside the server's database,
/// made the first time any process asks and then the same for every process sharing the data directory.
///
/// It used to live in the database's `backend_settings`, where anyone who could read `marks.sqlite` could forge
/// `/v1/` tokens; a key found there is moved into the file (the same key, so issued tokens stay valid) and the row
/// is deleted.
public enum SigningKeyStore {
    static let settingName = "jwt_signing_key"
    /// The key file's name, in the database's directory.
    public static let fileName = "jwt_signing_key"
    /// Bytes in a key.
    public static let keyLength = 32

    /// The key file for `database`.
    public static func file(for database: Database) -> URL {
        URL(fileURLWithPath: database.path).deletingLastPathComponent().appendingPathComponent(fileName)
    }

    /// The stored key: from the key file, else moved there from the database, else made and stored first.
    public static func loadOrCreate(in database: Database) throws(AppAPIError) -> [UInt8] {
        let file = file(for: database)
        do {
            if let key = try read(file) {
                if try storedKey(in: database) != nil { try forgetStoredKey(in: database) }  // a move cut short
                return key
            }
            let candidate = try storedKey(in: database) ?? SecureRandom.bytes(keyLength)
            let key = try publish(candidate, to: file)
            try forgetStoredKey(in: database)
            return key
        } catch let error as AppAPIError {
            throw error
        } catch {
            throw .storage("the signing key could not be read or stored: \(error)")
        }
    }

    /// The key in `file`, nil when there is no file; a file of the wrong size or too open is an error.
    private static func read(_ file: URL) throws -> [UInt8]? {
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch CocoaError.fileReadNoSuchFile {
            return nil
        }
        guard let key = Base64URL.decode(text.trimmingCharacters(in: .whitespacesAndNewlines)), key.count == keyLength else {
            throw AppAPIError.storage("\(file.path) does not hold a \(keyLength)-byte key")
        }
        if let mode = AtomicFile.permissions(of: file), mode & 0o077 != 0 { chmod(file.path, 0o600) }
        return key
    }

    /// Writes `key` to `file` unless another process got there first (then that key wins); returns the key in the file.
    private static func publish(_ key: [UInt8], to file: URL) throws -> [UInt8] {
        let temp = file.deletingLastPathComponent().appendingPathComponent(".\(fileName).\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        try AtomicFile.write(Data((Base64URL.encode(key) + "\n").utf8), to: temp, mode: 0o600)
        defer { unlink(temp.path) }
        if link(temp.path, file.path) != 0, errno != EEXIST {
            throw AppAPIError.storage("\(file.path) could not be created: \(String(cString: strerror(errno)))")
        }
        guard let stored = try read(file) else { throw AppAPIError.storage("\(file.path) vanished right after it was written") }
        return stored
    }

    private static func storedKey(in database: Database) throws -> [UInt8]? {
        try database.read { connection in
            guard let row = try connection.queryOne("SELECT value FROM backend_settings WHERE name = ?", [SQLValue(settingName)]) else {
                return nil
            }
            let key = try row.blob("value")
            guard key.count == keyLength else { throw AppAPIError.storage("the stored signing key has \(key.count) bytes") }
            return key
        }
    }

    private static func forgetStoredKey(in database: Database) throws {
        try database.write { connection in
            try connection.run("DELETE FROM backend_settings WHERE name = ?", [SQLValue(settingName)])
        }
    }
}
