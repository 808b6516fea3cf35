import MarksCore

/// One stored analytics event with the device that sent it.
public struct StoredAnalyticsEvent: Sendable, Equatable {
    /// The device that sent it.
    public var deviceID: String
    /// The event's name.
    public var name: String
    /// When it happened, ISO 8601 in UTC.
    public var at: String
    /// The properties as a JSON object text.
    public var properties: String

    public init(deviceID: String, name: String, at: String, properties: String) {
        self.deviceID = deviceID
        self.name = name
        self.at = at
        self.properties = properties
    }
}
