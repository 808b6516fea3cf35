/// One redirect a fetch followed: the status that sent it on and the `Location` it was sent to (as written).
public struct RedirectHop: Sendable, Equatable, Codable {
    public var status: Int
    public var location: String

    /// A hop.
    public init(status: Int, location: String) {
        self.status = status
        self.location = location
    }

    /// Whether the server said the page moved for good (301, 308), not just for now (302, 303, 307).
    public var isPermanent: Bool { status == 301 || status == 308 }
}
