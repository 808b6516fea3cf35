import Foundation
import HTTPServer
import MarksCore

/// Reads a serializer's writable fields from request data with Django REST framework's rules, collecting DRF's
/// messages: a required field that is missing, `null`, a value of the wrong type, a NUL character. What a value
/// may contain (URL validity, lengths, blank text) is the store's to judge, in the same words.
struct FieldReader {
    private let data: RequestData
    /// PATCH: absent fields are skipped, never defaulted.
    private let partial: Bool
    /// What was refused so far, in field order.
    private(set) var errors = FieldErrors()

    static let required = "This field is required."
    static let null = "This field may not be null."
    static let notAString = "Not a valid string."
    static let notABoolean = "Must be a valid boolean."
    static let nullCharacters = "Null characters are not allowed."
    static let notAnInteger = "A valid integer is required."
    static let badDateTime = "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]."

    init(_ data: RequestData, partial: Bool) {
        self.data = data
        self.partial = partial
    }

    /// A text field (`CharField`): numbers become text, white space is trimmed; nil when absent or refused.
    mutating func text(_ name: String, required: Bool = false, allowBlank: Bool = true) -> String? {
        guard let value = input(name, required: required, allowBlank: allowBlank) else { return nil }
        return text(value, field: name)
    }

    /// A check box (`BooleanField`); in a form that is not a PATCH an absent box is false, as DRF reads HTML forms.
    mutating func bool(_ name: String) -> Bool? {
        if case .form(let fields) = data, !fields.contains(name) { return partial ? nil : false }
        guard let value = input(name, required: false, allowBlank: false) else { return nil }
        if let flag = Self.boolean(value) { return flag }
        errors.add(name, [Self.notABoolean])
        return nil
    }

    /// A list of text (`ListField(child=CharField())`); entry errors are keyed by index.
    mutating func textList(_ name: String) -> [String]? {
        let value: ParsedJSON
        switch data {
        case .empty: return nil
        case .form(let fields):
            let listed = fields.values(name)
            if !listed.isEmpty {
                value = .array(listed.map(ParsedJSON.string))
            } else if let indexed = Self.indexedEntries(name, in: fields) {
                value = .array(indexed.map(ParsedJSON.string))
            } else {
                return nil
            }
        case .json(let document):
            guard let found = document[name] else { return nil }
            value = found
        }
        switch value {
        case .null:
            errors.add(name, [Self.null])
            return nil
        case .array(let items):
            var result: [String] = []
            var problems: [(Int, [String])] = []
            for (index, item) in items.enumerated() {
                if case .string(let entry) = item, PythonWhitespace.strip(entry).isEmpty {
                    problems.append((index, ["This field may not be blank."]))
                } else if case .null = item {
                    problems.append((index, [Self.null]))
                } else if let entry = Self.coerceText(item) {
                    if entry.contains("\u{0}") { problems.append((index, [Self.nullCharacters])) } else { result.append(entry) }
                } else {
                    problems.append((index, [Self.notAString]))
                }
            }
            if !problems.isEmpty {
                errors.add(name, indexed: problems)
                return nil
            }
            return result
        default:
            errors.add(name, ["Expected a list of items but got type \"\(value.pythonTypeName)\"."])
            return nil
        }
    }

    /// A date and time (`DateTimeField`) in any ISO 8601 form Django reads; a date alone is midnight UTC.
    mutating func dateTime(_ name: String) -> Date? {
        guard let value = input(name, required: false, allowBlank: false) else { return nil }
        if case .string(let text) = value, let date = Self.parseDateTime(PythonWhitespace.strip(text)) { return date }
        errors.add(name, [Self.badDateTime])
        return nil
    }

    /// A whole number (`IntegerField`): `"5"`, `5` and `5.0` are 5.
    mutating func integer(_ name: String) -> Int? {
        guard let value = input(name, required: false, allowBlank: false) else { return nil }
        if case .string(let text) = value, text.count > 1000 {
            errors.add(name, ["String value too large."])
            return nil
        }
        var text = value.pythonString
        // DRF drops a decimal tail of zeros (`\.0*\s*$`) before `int()`.
        while let last = text.unicodeScalars.last, PythonWhitespace.contains(last) { text.unicodeScalars.removeLast() }
        if let dot = text.lastIndex(of: "."), text[text.index(after: dot)...].allSatisfy({ $0 == "0" }) {
            text = String(text[..<dot])
        }
        guard case .value(let number) = PythonInt.read(text) else {
            errors.add(name, [Self.notAnInteger])
            return nil
        }
        return number
    }

    /// A choice field's input as text (the store checks it is one of the choices); lists and objects are refused.
    mutating func choice(_ name: String) -> String? {
        guard let value = input(name, required: false, allowBlank: false) else { return nil }
        return value.pythonString
    }

    /// Records an error for `field` (a rule checked by the caller).
    mutating func refuse(_ field: String, _ message: String) {
        errors.add(field, [message])
    }

    // MARK: - DRF's get_value and empty-value rules

    /// The field's input, or nil when it is absent (recording "required") or `null` (recording "may not be null").
    private mutating func input(_ name: String, required: Bool, allowBlank: Bool) -> ParsedJSON? {
        let found: ParsedJSON?
        switch data {
        case .empty: found = nil
        case .json(let document): found = document[name]
        case .form(let fields):
            guard let last = fields.values(name).last else {
                found = nil
                break
            }
            if last.isEmpty && !required {
                guard allowBlank else { return nil }  // "" in a form means "not sent" for this field
                found = .string("")
            } else {
                found = .string(last)
            }
        }
        guard let found else {
            if required && !partial { errors.add(name, [Self.required]) }
            return nil
        }
        if case .null = found {
            errors.add(name, [Self.null])
            return nil
        }
        return found
    }

    private mutating func text(_ value: ParsedJSON, field: String) -> String? {
        guard let converted = Self.coerceText(value) else {
            errors.add(field, [Self.notAString])
            return nil
        }
        if converted.contains("\u{0}") {
            errors.add(field, [Self.nullCharacters])
            return nil
        }
        return converted
    }

    /// `CharField.to_internal_value`: text and numbers (not booleans) as trimmed text.
    static func coerceText(_ value: ParsedJSON) -> String? {
        switch value {
        case .string(let text): return PythonWhitespace.strip(text)
        case .integer, .float: return value.pythonString
        default: return nil
        }
    }

    /// `BooleanField`'s accepted spellings.
    static func boolean(_ value: ParsedJSON) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .integer(let digits): return digits == "1" ? true : digits == "0" ? false : nil
        case .float(let number): return number == 1 ? true : number == 0 ? false : nil
        case .string(let text):
            switch text.lowercased() {
            case "t", "y", "yes", "true", "on", "1": return true
            case "f", "n", "no", "false", "off", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// Django's `parse_datetime` on top of Python's `fromisoformat`: the forms `LinkdingDate` reads, plus a date alone.
    static func parseDateTime(_ text: String) -> Date? {
        if let date = LinkdingDate.parse(text) { return date }
        if text.utf8.count == 10, let date = LinkdingDate.parse(text + "T00:00:00Z") { return date }
        return nil
    }

    /// `tag_names[0]=a&tag_names[1]=b` (DRF's `parse_html_list`), in index order.
    private static func indexedEntries(_ name: String, in fields: QueryParameters) -> [String]? {
        var entries: [(Int, String)] = []
        for pair in fields where pair.name.hasPrefix(name + "[") && pair.name.hasSuffix("]") {
            let inner = pair.name.dropFirst(name.count + 1).dropLast()
            guard !inner.isEmpty, inner.allSatisfy(\.isASCII), inner.allSatisfy(\.isNumber), let index = Int(inner) else { continue }
            entries.removeAll { $0.0 == index }
            entries.append((index, pair.value))
        }
        return entries.isEmpty ? nil : entries.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
