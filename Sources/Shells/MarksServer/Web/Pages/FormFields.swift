/// Labelled form controls, each with its label tied by `for`/`id` and an optional hint.
enum FormFields {
    static func text(_ name: String, label: String, value: String, hint: String? = nil, attributes: HTML = "") -> HTML {
        """
        <div><label for="\(name)">\(label)</label><input type="text" id="\(name)" name="\(name)" value="\(value)"\(attributes)\
        \(hintAttribute(name, hint))>\(hintText(name, hint))</div>
        """
    }

    static func area(_ name: String, label: String, value: String, hint: String? = nil) -> HTML {
        // The newline after the start tag is dropped by HTML parsers, so a value's own first newline survives.
        """
        <div><label for="\(name)">\(label)</label><textarea id="\(name)" name="\(name)"\(hintAttribute(name, hint))>
        \(value)</textarea>\(hintText(name, hint))</div>
        """
    }

    static func check(_ name: String, label: String, on: Bool) -> HTML {
        "<label class=\"check\"><input type=\"checkbox\" name=\"\(name)\" value=\"1\"\(HTML.checked(on))> \(label)</label>"
    }

    /// The tags field: comma-separated, with the person's tags offered through a datalist.
    static func tags(value: String, known: [String]) -> HTML {
        let options = HTML.each(known.prefix(2000)) { "<option value=\"\($0)\">" }
        return """
            <div><label for="tags">Tags</label><input type="text" id="tags" name="tags" value="\(value)" list="tag-list" \
            autocomplete="off" autocapitalize="none" spellcheck="false" data-tags aria-describedby="tags-hint">\
            <p class="hint" id="tags-hint">Separate tags with commas; spaces inside a tag become dashes.</p>\
            <datalist id="tag-list">\(options)</datalist></div>
            """
    }

    private static func hintAttribute(_ name: String, _ hint: String?) -> HTML {
        hint == nil ? .empty : " aria-describedby=\"\(name)-hint\""
    }

    private static func hintText(_ name: String, _ hint: String?) -> HTML {
        hint.map { "<p class=\"hint\" id=\"\(name)-hint\">\($0)</p>" } ?? .empty
    }
}
