/// linkding's `GET /health` answer.
public struct ServerHealth: Sendable, Equatable, Codable {
    public var version: String
    public var status: String

    /// A health value.
    public init(version: String, status: String) {
        self.version = version
        self.status = status
    }
}
