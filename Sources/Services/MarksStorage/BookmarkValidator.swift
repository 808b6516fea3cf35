import MarksCore

/// linkding's serializer rules for the writable text fields, with Django REST framework's wording: text is
/// trimmed (Python's `strip()`), `url` must be a valid web URL of at most 2048 characters, `title` at most 512,
/// each `tag_names` entry non-blank; tag names are then cleaned with `TagNames.clean`.
enum BookmarkValidator {
    static let maxURLLength = LinkdingLimits.urlLength
    static let maxTitleLength = LinkdingLimits.titleLength
    static let maxTagNameLength = LinkdingLimits.tagNameLength

    static let required = "This field is required."
    static let blank = "This field may not be blank."
    static let invalidURL = "Enter a valid URL."
    static let duplicateURL = "A bookmark with this URL already exists."

    static func tooLong(_ limit: Int) -> String { "Ensure this field has no more than \(limit) characters." }

    /// The writable fields after validation; nil means "not sent".
    struct Fields {
        var url: String?
        var title: String?
        var description: String?
        var notes: String?
        var tagNames: [String]?
    }

    /// Validates and cleans the sent fields; throws `invalid` with every problem found (all fields, as DRF does).
    static func validate(
        url: String?, urlRequired: Bool, title: String?, description: String?, notes: String?, tagNames: [String]?
    ) throws(BookmarkStoreError) -> Fields {
        var errors: [String: [String]] = [:]
        var fields = Fields()
        if let url {
            fields.url = checkURL(url, errors: &errors)
        } else if urlRequired {
            errors["url"] = [required]
        }
        if let title {
            let trimmed = PythonWhitespace.strip(title)
            if trimmed.unicodeScalars.count > maxTitleLength { errors["title"] = [tooLong(maxTitleLength)] }
            fields.title = trimmed
        }
        fields.description = description.map(PythonWhitespace.strip)
        fields.notes = notes.map(PythonWhitespace.strip)
        if let tagNames {
            fields.tagNames = checkTags(tagNames, errors: &errors)
        }
        guard errors.isEmpty else { throw .invalid(errors) }
        return fields
    }

    /// A tag name for `POST /api/tags/`: trimmed, not blank, at most 64 characters (not otherwise cleaned).
    static func tagName(_ name: String?) throws(BookmarkStoreError) -> String {
        guard let name else { throw .invalid(["name": [required]]) }
        let trimmed = PythonWhitespace.strip(name)
        if trimmed.isEmpty { throw .invalid(["name": [blank]]) }
        if trimmed.unicodeScalars.count > maxTagNameLength { throw .invalid(["name": [tooLong(maxTagNameLength)]]) }
        return trimmed
    }

    private static func checkURL(_ raw: String, errors: inout [String: [String]]) -> String {
        let url = PythonWhitespace.strip(raw)
        if url.isEmpty {
            errors["url"] = [blank]
            return url
        }
        var messages: [String] = []
        if !URLNormalizer.isValidWebURL(url) { messages.append(invalidURL) }
        if url.unicodeScalars.count > maxURLLength { messages.append(tooLong(maxURLLength)) }
        if !messages.isEmpty { errors["url"] = messages }
        return url
    }

    private static func checkTags(_ entries: [String], errors: inout [String: [String]]) -> [String] {
        let trimmed = entries.map(PythonWhitespace.strip)
        for (index, entry) in trimmed.enumerated() {
            if entry.isEmpty {
                errors["tag_names.\(index)"] = [blank]
            } else if entry.split(separator: ",").contains(where: { PythonWhitespace.strip(String($0)).unicodeScalars.count > maxTagNameLength }) {
                errors["tag_names.\(index)"] = [tooLong(maxTagNameLength)]
            }
        }
        guard errors.keys.allSatisfy({ !$0.hasPrefix("tag_names.") }) else { return [] }
        do {
            return try TagNames.clean(trimmed)
        } catch let entry as TagNames.BlankEntry {
            errors["tag_names.\(entry.index)"] = [blank]
            return []
        } catch {
            errors["tag_names"] = [blank]
            return []
        }
    }
}
