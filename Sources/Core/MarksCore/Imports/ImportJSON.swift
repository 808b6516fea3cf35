import Foundation

/// The JSON exports, parsed whole (Foundation's parser, no I/O) and read through a few tolerant accessors: a field may
/// be missing, `null`, or written as a string where a number or a flag was expected.
enum ImportJSON {
    /// The JSON format of `text` by its shape, or nil: Linkwarden's object has `collections`, Karakeep's `bookmarks`;
    /// an array of entries is Wallabag's when they carry `is_archived` or `is_starred`, Omnivore's when they carry
    /// `savedAt`, `labels` or `slug`.
    /// JSON that does not parse (cut short, say) is told by the keys in its first 64 KB, so its reader can say it is
    /// broken.
    static func detect(_ text: String) -> ImportFormat? {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        } catch {
            let head = text.prefix(65_536)
            let keys: [(String, ImportFormat)] = [("\"collections\"", .linkwarden), ("\"bookmarks\"", .karakeep),
                                                  ("\"is_archived\"", .wallabag), ("\"savedAt\"", .omnivore)]
            return keys.first { head.contains($0.0) }?.1
        }
        if let object = value as? [String: Any] {
            if object["collections"] != nil { return .linkwarden }
            if object["bookmarks"] != nil { return .karakeep }
            return nil
        }
        guard let array = value as? [Any] else { return nil }
        guard let first = array.first(where: { $0 is [String: Any] }) as? [String: Any] else { return nil }
        if first["is_archived"] != nil || first["is_starred"] != nil || first["annotations"] != nil { return .wallabag }
        if first["savedAt"] != nil || first["labels"] != nil || first["slug"] != nil { return .omnivore }
        return nil
    }

    /// The parsed value of `text`, or the error a cut-short or broken file gives.
    static func parse(_ text: String, as format: ImportFormat) throws(ImportFormatError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: Data(text.utf8), options: [])
        } catch {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.hasPrefix("{") || trimmed.hasPrefix("[") else {
                throw .notThisFormat(format, "it is not JSON")
            }
            let why = "it is not valid JSON (\((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable"))"
            if let cut = JSONCut(text) {
                throw .broken(format, place: .entry(cut.entry), why + "; the entry that begins at line \(cut.line) is never closed")
            }
            throw .broken(format, place: nil, why)
        }
    }

    /// The objects of an array (other values reported by their entry number).
    static func objects(_ value: Any?, format: ImportFormat, what: String) throws(ImportFormatError) -> [[String: Any]] {
        guard let array = value as? [Any] else { throw .notThisFormat(format, "it has no list of \(what)") }
        return array.map { $0 as? [String: Any] ?? [:] }
    }

    /// `objects`, unless there are some and none has any of `keys` (what tells the service's entries from another's).
    static func objects(_ objects: [[String: Any]], withAnyOf keys: [String], format: ImportFormat, what: String) throws(ImportFormatError) -> [[String: Any]] {
        guard objects.isEmpty || objects.contains(where: { object in keys.contains { object[$0] != nil } }) else {
            throw .notThisFormat(format, "none of its \(what) has any of the keys \(keys.joined(separator: ", "))")
        }
        return objects
    }

    static func string(_ value: Any?) -> String? {
        switch value {
        case let string as String: string
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    static func text(_ value: Any?) -> String {
        string(value) ?? ""
    }

    static func number(_ value: Any?) -> Double? {
        (value as? NSNumber)?.doubleValue
    }

    /// true, 1, "1", "true".
    static func flag(_ value: Any?) -> Bool {
        switch value {
        case let bool as Bool: bool
        case let number as NSNumber: number.intValue != 0
        case let string as String: ["1", "true", "yes"].contains(string.lowercased())
        default: false
        }
    }

    /// Tag names from a list of strings or of objects with `name`, `label` or `title`.
    static func tags(_ value: Any?) -> [String] {
        guard let array = value as? [Any] else { return [] }
        return ImportedTags.clean(array.compactMap { item in
            if let name = item as? String { return name }
            guard let object = item as? [String: Any] else { return nil }
            return string(object["name"]) ?? string(object["label"]) ?? string(object["title"])
        })
    }
}
