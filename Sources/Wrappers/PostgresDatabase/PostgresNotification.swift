/// One notification delivered on a channel this connection listens on (`LISTEN`).
///
/// A wake-up hint only: notifications arrive when the sending transaction commits, are not replayed to a
/// connection that was not listening, and payloads are at most 7999 bytes. Read the state from tables.
public struct PostgresNotification: Sendable, Hashable {
    /// The channel it was sent on.
    public let channel: String
    /// The payload (empty when none was given).
    public let payload: String
    /// The backend process id of the sending connection (compare with `PostgresConnection.backendPID`).
    public let senderPID: Int

    /// A notification (tests and fakes; the connection builds its own).
    public init(channel: String, payload: String, senderPID: Int) {
        self.channel = channel
        self.payload = payload
        self.senderPID = senderPID
    }
}
