/// Length and count checks for wire fields; each failure a `AppAPIError.invalid` naming the field.
enum FieldCheck {
    /// Throws when `value` has more than `limit` UTF-8 bytes.
    static func length(_ value: String?, _ limit: Int, _ field: String) throws(AppAPIError) {
        guard let value else { return }
        let bytes = value.utf8.count
        if bytes > limit { throw .invalid("\(field) is \(bytes) bytes long; at most \(limit) are accepted. Shorten it.") }
    }

    /// Throws when `value` is empty or white space only.
    static func present(_ value: String, _ field: String) throws(AppAPIError) {
        if value.allSatisfy(\.isWhitespace) { throw .invalid("\(field) is empty; give a value.") }
    }

    /// Throws when a list has more than `limit` entries.
    static func count(_ count: Int, _ limit: Int, _ field: String) throws(AppAPIError) {
        if count > limit { throw .invalid("\(field) has \(count) entries; at most \(limit) are accepted. Send fewer.") }
    }
}
