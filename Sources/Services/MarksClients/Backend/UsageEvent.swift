import Foundation
import MarksCore

/// One usage event for `POST /v1/analytics/events`: a name, when it happened, and flat properties
/// (strings, numbers, booleans, nulls).
public struct UsageEvent: Sendable, Equatable {
    /// What happened, such as `bookmark_added` (letters, digits, `_ - . : /`).
    public var name: String
    /// When it happened.
    public var at: Date
    /// Flat properties.
    public var properties: [(String, JSONValue)]

    /// An event as given.
    public init(name: String, at: Date, properties: [(String, JSONValue)] = []) {
        self.name = name
        self.at = at
        self.properties = properties
    }

    public static func == (lhs: UsageEvent, rhs: UsageEvent) -> Bool {
        lhs.name == rhs.name && lhs.at == rhs.at && JSONValue.object(lhs.properties) == JSONValue.object(rhs.properties)
    }

    /// The event as the wire's JSON object.
    var json: JSONValue {
        .object([("name", .string(name)), ("at", .string(LinkdingDate.format(at))), ("properties", .object(properties))])
    }
}
