import SQLiteDatabase

/// The signing key of a backend on SQLite: the key file beside the database (see `SigningKeyStore`).
public struct SigningKeyFile: SigningSecretRecords {
    private let database: Database

    /// The key file of `database`'s directory.
    public init(database: Database) {
        self.database = database
    }

    public func loadOrCreate() throws(AppAPIError) -> [UInt8] {
        try SigningKeyStore.loadOrCreate(in: database)
    }
}
