import Foundation

/// One usage event of `POST /v1/analytics/events`, the one type both sides use: the client sends it
/// (`AppAPIClient`), the backend checks and stores it (MarksAppAPI). A name, when it happened on the device,
/// and flat properties.
public struct AnalyticsEvent: Sendable, Equatable {
    /// What happened, such as `bookmark_added` (letters, digits, `_ - . : /`).
    public var name: String
    /// When it happened on the device.
    public var at: Date
    /// Flat properties: each value a string, number, boolean or null.
    public var properties: [(String, JSONValue)]

    /// An event as given.
    public init(name: String, at: Date, properties: [(String, JSONValue)] = []) {
        self.name = name
        self.at = at
        self.properties = properties
    }

    public static func == (lhs: AnalyticsEvent, rhs: AnalyticsEvent) -> Bool {
        lhs.name == rhs.name && lhs.at == rhs.at && JSONValue.object(lhs.properties) == JSONValue.object(rhs.properties)
    }

    /// The event as the wire's JSON object.
    public var json: JSONValue {
        .object([("name", .string(name)), ("at", .string(LinkdingDate.format(at))), ("properties", .object(properties))])
    }
}
