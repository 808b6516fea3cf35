import Foundation
import MarksCore

/// The body of `POST /v1/analytics/events`: `{"events": [{"name", "at", "properties"?}]}`, where `at`
/// is an ISO 8601 date-time and `properties` a flat object of strings, numbers, booleans and nulls.
public struct AnalyticsBatch: Decodable, Sendable {
    static let fields = ["events"]
    static let eventFields = ["name", "at", "properties"]

    /// The events as sent (checked by `validated`).
    public var events: [RawEvent]

    /// One event before its checks.
    public struct RawEvent: Decodable, Sendable {
        var name: String
        var at: String
        var properties: [(String, JSONValue)]

        public init(from decoder: any Decoder) throws {
            let object = try WireDecoding.object(decoder, allowed: AnalyticsBatch.eventFields)
            name = try object.required("name")
            at = try object.required("at")
            properties = []
            guard object.contains(WireKey("properties")), try !object.decodeNil(forKey: WireKey("properties")) else { return }
            let nested: KeyedDecodingContainer<WireKey>
            do {
                nested = try object.nestedContainer(keyedBy: WireKey.self, forKey: WireKey("properties"))
            } catch {
                throw AppAPIError.invalid("Field \"\(WireDecoding.path(decoder.codingPath + [WireKey("properties")]))\" must be a JSON object.")
            }
            for key in nested.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                properties.append((key.stringValue, try nested.decode(Scalar.self, forKey: key).value))
            }
        }
    }

    public init(from decoder: any Decoder) throws {
        let object = try WireDecoding.object(decoder, allowed: Self.fields)
        events = try object.required("events")
    }

    /// The events after checking every limit.
    public func validated(_ limits: AppAPILimits) throws(AppAPIError) -> [AnalyticsEvent] {
        try FieldCheck.count(events.count, limits.eventsPerBatch, "events")
        return try events.enumerated().map { (index, raw) throws(AppAPIError) -> AnalyticsEvent in
            let field = "events[\(index)]"
            try FieldCheck.present(raw.name, "\(field).name")
            try FieldCheck.length(raw.name, limits.eventName, "\(field).name")
            guard raw.name.unicodeScalars.allSatisfy(Self.isNameCharacter) else {
                throw .invalid("\(field).name may hold only letters, digits, '_', '-', '.', ':' and '/'.")
            }
            guard raw.at.utf8.count <= 64, let at = LinkdingDate.parse(raw.at) else {
                throw .invalid("\(field).at must be an ISO 8601 date-time such as 2026-01-15T10:30:00Z.")
            }
            try FieldCheck.count(raw.properties.count, limits.eventProperties, "\(field).properties")
            for (name, value) in raw.properties {
                try FieldCheck.present(name, "a property name of \(field)")
                try FieldCheck.length(name, limits.propertyName, "\(field).properties name")
                if case .string(let text) = value { try FieldCheck.length(text, limits.propertyValue, "\(field).properties.\(name.prefix(64))") }
            }
            return AnalyticsEvent(name: raw.name, at: at, properties: raw.properties)
        }
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".", ":", "/": true
        default: false
        }
    }

    /// One property value: a string, number, boolean or null.
    private struct Scalar: Decodable {
        let value: JSONValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let flag = try? container.decode(Bool.self) { // safe: not a boolean, so try the next kind
                value = .bool(flag)
            } else if let integer = try? container.decode(Int.self) { // safe: not an integer, so try the next kind
                value = .int(integer)
            } else if let number = try? container.decode(Double.self), number.isFinite { // safe: not a number, so try the next kind
                value = .double(number)
            } else if let text = try? container.decode(String.self) { // safe: anything else is refused below
                value = .string(text)
            } else {
                throw AppAPIError.invalid(
                    "Field \"\(WireDecoding.path(decoder.codingPath))\" must be a string, number, boolean or null.")
            }
        }
    }
}
