import Foundation
import MarksCore

/// One usage event a device reports: a name, when it happened, and flat properties.
public struct AnalyticsEvent: Sendable, Equatable {
    /// What happened, such as `bookmark_added`.
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
}
