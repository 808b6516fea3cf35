import MarksCore

/// DRF's `SimpleMetadata` answer to OPTIONS: the view's name and media types, and for a view that creates
/// (POST) or replaces an existing object (PUT) the serializer's fields — as linkding 1.46.2 lists them.
enum APIMetadata {
    /// The OPTIONS body for `endpoint`; `objectExists` tells whether a detail view's object is there (PUT is only
    /// described for an existing object).
    static func body(for endpoint: APIEndpoint, objectExists: Bool) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("name", .string(endpoint.viewName)),
            ("description", .string(endpoint == .root ? "The default basic root view for DefaultRouter" : "")),
            ("renders", .array([.string("application/json"), .string("text/html")])),
            ("parses", .array([.string("application/json"), .string("application/x-www-form-urlencoded"), .string("multipart/form-data")])),
        ]
        if let action = action(for: endpoint, objectExists: objectExists) {
            fields.append(("actions", .object([action])))
        }
        return .object(fields)
    }

    private static func action(for endpoint: APIEndpoint, objectExists: Bool) -> (String, JSONValue)? {
        switch endpoint {
        case .bookmarks, .archive, .unarchive, .singlefile: ("POST", bookmarkFields)
        case .bookmark where objectExists: ("PUT", bookmarkFields)
        case .tags: ("POST", tagFields)
        case .bundles: ("POST", bundleFields)
        case .bundle where objectExists: ("PUT", bundleFields)
        case .assetUpload: ("POST", assetFields)
        default: nil
        }
    }

    private static func field(_ type: String, required: Bool = false, readOnly: Bool = false, _ label: String,
                              _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([("type", .string(type)), ("required", .bool(required)), ("read_only", .bool(readOnly)), ("label", .string(label))] + extra)
    }

    private static let id = ("id", field("integer", readOnly: true, "ID"))
    private static let int64Range: [(String, JSONValue)] = [("min_value", .int(Int.min)), ("max_value", .int(Int.max))]

    private static let bookmarkFields = JSONValue.object([
        id,
        ("url", field("string", required: true, "Url", [("max_length", .int(2048))])),
        ("title", field("string", "Title", [("max_length", .int(512))])),
        ("description", field("string", "Description")),
        ("notes", field("string", "Notes")),
        ("web_archive_snapshot_url", field("field", readOnly: true, "Web archive snapshot url")),
        ("favicon_url", field("field", readOnly: true, "Favicon url")),
        ("preview_image_url", field("field", readOnly: true, "Preview image url")),
        ("is_archived", field("boolean", "Is archived")),
        ("unread", field("boolean", "Unread")),
        ("shared", field("boolean", "Shared")),
        ("tag_names", field("list", "Tag names", [("child", .object([("type", .string("string")), ("required", .bool(true)), ("read_only", .bool(false))]))])),
        ("date_added", field("datetime", "Date added")),
        ("date_modified", field("datetime", "Date modified")),
        ("website_title", field("field", readOnly: true, "Website title")),
        ("website_description", field("field", readOnly: true, "Website description")),
    ])

    private static let tagFields = JSONValue.object([
        id,
        ("name", field("string", required: true, "Name", [("max_length", .int(64))])),
        ("date_added", field("datetime", readOnly: true, "Date added")),
    ])

    private static func choices(_ labels: [(String, String)]) -> [(String, JSONValue)] {
        [("choices", .array(labels.map { .object([("value", .string($0.0)), ("display_name", .string($0.1))]) }))]
    }

    private static let bundleFields = JSONValue.object([
        id,
        ("name", field("string", required: true, "Name", [("max_length", .int(256))])),
        ("search", field("string", "Search", [("max_length", .int(256))])),
        ("any_tags", field("string", "Any tags", [("max_length", .int(1024))])),
        ("all_tags", field("string", "All tags", [("max_length", .int(1024))])),
        ("excluded_tags", field("string", "Excluded tags", [("max_length", .int(1024))])),
        ("filter_unread", field("choice", "Filter unread", choices([("off", "All"), ("yes", "Unread"), ("no", "Read")]))),
        ("filter_shared", field("choice", "Filter shared", choices([("off", "All"), ("yes", "Shared"), ("no", "Unshared")]))),
        ("order", field("integer", "Order", int64Range)),
        ("date_created", field("datetime", readOnly: true, "Date created")),
        ("date_modified", field("datetime", readOnly: true, "Date modified")),
    ])

    private static let assetFields = JSONValue.object([
        id,
        ("bookmark", field("field", required: true, "Bookmark")),
        ("date_created", field("datetime", readOnly: true, "Date created")),
        ("file_size", field("integer", "File size", int64Range)),
        ("asset_type", field("string", required: true, "Asset type", [("max_length", .int(64))])),
        ("content_type", field("string", required: true, "Content type", [("max_length", .int(128))])),
        ("display_name", field("string", "Display name", [("max_length", .int(2048))])),
        ("status", field("string", required: true, "Status", [("max_length", .int(64))])),
    ])
}
