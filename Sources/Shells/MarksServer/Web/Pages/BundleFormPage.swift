import MarksCore

/// Create or edit a bundle (a saved search, as linkding 1.4x has them): name, search words, any / all / excluded
/// tags (space-separated, as linkding reads them), and the unread and shared filters. Editing also offers Delete.
struct BundleFormPage {
    /// The form's values, as typed.
    struct Values {
        var name = ""
        var search = ""
        var anyTags = ""
        var allTags = ""
        var excludedTags = ""
        var filterUnread = "off"
        var filterShared = "off"

        init() {}

        init(_ bundle: BookmarkBundle) {
            name = bundle.name
            search = bundle.search
            anyTags = bundle.anyTags
            allTags = bundle.allTags
            excludedTags = bundle.excludedTags
            filterUnread = bundle.filterUnread.rawValue
            filterShared = bundle.filterShared.rawValue
        }

        /// Every field, for create and for a full edit.
        var draft: BookmarkBundleDraft {
            BookmarkBundleDraft(name: name, search: search, anyTags: anyTags, allTags: allTags, excludedTags: excludedTags,
                                filterUnread: filterUnread, filterShared: filterShared)
        }
    }

    /// Nil when creating.
    var bundleID: Int?
    var values: Values
    var problem: String?
    var context: PageContext

    var title: String { bundleID == nil ? "New bundle" : "Edit bundle" }

    func render() -> HTML {
        let action = bundleID.map { SafeURL.path("/bundles/\($0)/edit") } ?? SafeURL.path("/bundles")
        let cancel = bundleID.map { SafeURL.path("/bundles/\($0)") } ?? SafeURL.path("/tags")
        let delete: HTML = bundleID.map { id in
            """
            <form method="post" action="\(SafeURL.path("/bundles/\(id)/delete"))" class="bundle-delete">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" class="danger" id="bundle-delete">Delete this bundle</button> \
            <span class="hint">Its bookmarks stay.</span></form>
            """
        } ?? .empty
        return """
            <h1>\(title)</h1>\(problem.map(HTML.problem) ?? .empty)
            <form method="post" action="\(action)" class="stack" id="bundle-form">\(HTML.csrfField(context.csrfToken))\
            \(FormFields.text("name", label: "Name", value: values.name, attributes: " required maxlength=\"256\" autocomplete=\"off\""))\
            \(FormFields.text("search", label: "Search words", value: values.search, hint: "Words the bookmarks contain (title, description, notes or address).", attributes: " maxlength=\"256\" autocomplete=\"off\""))\
            \(FormFields.text("any_tags", label: "Any of these tags", value: values.anyTags, hint: "Separate tags with spaces.", attributes: Self.tagAttributes))\
            \(FormFields.text("all_tags", label: "All of these tags", value: values.allTags, hint: "Separate tags with spaces.", attributes: Self.tagAttributes))\
            \(FormFields.text("excluded_tags", label: "None of these tags", value: values.excludedTags, hint: "Separate tags with spaces.", attributes: Self.tagAttributes))\
            \(choice("filter_unread", "Unread", values.filterUnread, ["off": "Unread or not", "yes": "Only unread", "no": "Only read"]))\
            \(choice("filter_shared", "Shared", values.filterShared, ["off": "Shared or not", "yes": "Only shared", "no": "Only not shared"]))\
            <div class="buttons"><button class="primary" type="submit" id="bundle-save">\(bundleID == nil ? "Create bundle" : "Save bundle")</button> \
            <a href="\(cancel)">Cancel</a></div></form>\(delete)
            """
    }

    private static let tagAttributes: HTML = " maxlength=\"1024\" autocomplete=\"off\" autocapitalize=\"none\" spellcheck=\"false\""

    private func choice(_ name: String, _ label: String, _ value: String, _ labels: [String: String]) -> HTML {
        let options = HTML.each(["off", "yes", "no"]) { option in
            "<option value=\"\(option)\"\(HTML.selected(option == value))>\(labels[option] ?? option)</option>"
        }
        return "<div><label for=\"\(name)\">\(label)</label><select id=\"\(name)\" name=\"\(name)\">\(options)</select></div>"
    }
}
