/// Where the JWT signing key lives: made by the first process that asks, then the same for every process sharing
/// the store — `SigningKeyFile` (a 0600 file beside the SQLite database), `PostgresSigningSecret` (a row of the
/// shared database, so every worker on every machine signs and checks with one key).
public protocol SigningSecretRecords: Sendable {
    /// The stored key (`SigningKeyStore.keyLength` bytes), made and stored first when there is none.
    func loadOrCreate() throws(AppAPIError) -> [UInt8]
}
