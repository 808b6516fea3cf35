import Foundation
import HTTPServer
import MarksCore

/// Reads a serializer's writable fields from request data with Django REST framework's rules and words: a required
/// field that is missing, `null`, blank text, a value of the wrong type, a URL that is not one, text over its length,
/// NUL or surrogate characters. Every field is read, so a 400 names every problem, as DRF's does.
struct FieldReader {
    /// A text field's rules (DRF's `CharField` as a `ModelSerializer` builds it).
    struct TextRules {
        var required = false
        var allowBlank = true
        var maxLength: Int?
        /// Django's URL validator (linkding's `BookmarkURLValidator`).
        var url = false
    }

    private let data: RequestData
    /// PATCH: absent fields are skipped, never defaulted.
    private let partial: Bool
    /// What was refused so far, in field order.
    private(set) var errors = FieldErrors()

    static let required = "This field is required."
    static let null = "This field may not be null."
    static let blank = "This field may not be blank."
    static let notAString = "Not a valid string."
    static let notABoolean = "Must be a valid boolean."
    static let invalidURL = "Enter a valid URL."
    static let nullCharacters = "Null characters are not allowed."
    static let notAnInteger = "A valid integer is required."
    static let badDateTime = "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]."

    static func tooLong(_ limit: Int) -> String { "Ensure this field has no more than \(limit) characters." }

    init(_ data: RequestData, partial: Bool) {
        self.data = data
        self.partial = partial
    }

    /// A text field: numbers become text, white space is trimmed, then every rule is checked; nil when absent or refused.
    mutating func text(_ name: String, _ rules: TextRules = TextRules()) -> String? {
        guard let value = input(name, required: rules.required, allowBlank: rules.allowBlank) else { return nil }
        switch Self.checkText(value, rules) {
        case .success(let text): return text
        case .failure(let problem):
            errors.add(name, problem.messages)
            return nil
        }
    }

    /// A text value's messages, in DRF's order (blank, type, then every validator).
    struct TextProblem: Error {
        let messages: [String]
    }

    static func checkText(_ value: ParsedJSON, _ rules: TextRules) -> Result<String, TextProblem> {
        if case .string(let raw) = value, PythonWhitespace.strip(raw).isEmpty {
            return rules.allowBlank ? .success("") : .failure(TextProblem(messages: [blank]))
        }
        guard let text = coerceText(value) else { return .failure(TextProblem(messages: [notAString])) }
        var messages: [String] = []
        if rules.url && !URLNormalizer.isValidWebURL(text) { messages.append(invalidURL) }
        if let limit = rules.maxLength, text.unicodeScalars.count > limit { messages.append(tooLong(limit)) }
        if text.contains("\u{0}") { messages.append(nullCharacters) }
        if case .surrogateString(_, let surrogate) = value {
            messages.append("Surrogate characters are not allowed: U+\(String(surrogate, radix: 16, uppercase: true)).")
        }
        return messages.isEmpty ? .success(text) : .failure(TextProblem(messages: messages))
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
                if case .null = item {
                    problems.append((index, [Self.null]))
                    continue
                }
                switch Self.checkText(item, TextRules(allowBlank: false)) {
                case .success(let entry): result.append(entry)
                case .failure(let problem): problems.append((index, problem.messages))
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

    /// A choice field (`ChoiceField`): the input's text must be one of `choices`.
    mutating func choice(_ name: String, _ choices: [String]) -> String? {
        guard let value = input(name, required: false, allowBlank: false) else { return nil }
        let text = value.pythonString
        guard choices.contains(text) else {
            errors.add(name, ["\"\(text.prefix(100))\" is not a valid choice."])
            return nil
        }
        return text
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

    /// `CharField.to_internal_value`: text and numbers (not booleans) as trimmed text.
    static func coerceText(_ value: ParsedJSON) -> String? {
        switch value {
        case .string(let text), .surrogateString(let text, _): return PythonWhitespace.strip(text)
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
