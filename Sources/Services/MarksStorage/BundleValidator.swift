import MarksCore

/// linkding's bundle serializer rules, with Django REST framework's wording.
enum BundleValidator {
    struct Fields {
        var name: String?
        var search: String?
        var anyTags: String?
        var allTags: String?
        var excludedTags: String?
        var filterUnread: String?
        var filterShared: String?
    }

    static func validate(_ draft: BookmarkBundleDraft, nameRequired: Bool) throws(BookmarkStoreError) -> Fields {
        var errors: [String: [String]] = [:]
        func text(_ value: String?, _ key: String, max: Int, allowBlank: Bool = true) -> String? {
            guard let value else { return nil }
            let trimmed = PythonWhitespace.strip(value)
            if trimmed.isEmpty && !allowBlank {
                errors[key] = [BookmarkValidator.blank]
            } else if trimmed.unicodeScalars.count > max {
                errors[key] = [BookmarkValidator.tooLong(max)]
            }
            return trimmed
        }
        func choice(_ value: String?, _ key: String) -> String? {
            guard let value else { return nil }
            if BookmarkBundle.FilterState(rawValue: value) == nil { errors[key] = ["\"\(value.prefix(100))\" is not a valid choice."] }
            return value
        }
        var fields = Fields()
        if draft.name == nil && nameRequired { errors["name"] = [BookmarkValidator.required] }
        fields.name = text(draft.name, "name", max: 256, allowBlank: false)
        fields.search = text(draft.search, "search", max: 256)
        fields.anyTags = text(draft.anyTags, "any_tags", max: 1024)
        fields.allTags = text(draft.allTags, "all_tags", max: 1024)
        fields.excludedTags = text(draft.excludedTags, "excluded_tags", max: 1024)
        fields.filterUnread = choice(draft.filterUnread, "filter_unread")
        fields.filterShared = choice(draft.filterShared, "filter_shared")
        guard errors.isEmpty else { throw .invalid(errors) }
        return fields
    }
}
