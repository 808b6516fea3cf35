extension HTMLDocument {
    /// All text a person would see on the page: no title, scripts, styles, templates, `<noscript>`
    /// fallbacks or elements marked `hidden` / `display:none`. Block elements end lines; whitespace is
    /// collapsed inside lines; empty lines are dropped; lines are joined with "\n".
    public var visibleText: String {
        var builder = TextBlockBuilder()
        walk(enter: { node in
            guard node.isElement else {
                node.withTextBytes { builder.append($0) }
                return .skipChildren
            }
            let tag = node.tagName
            if HTMLVocabulary.invisibleTags.contains(tag) || HTMLVocabulary.isHidden(node) { return .skipChildren }
            Self.open(tag, in: &builder)
            return .descend
        }, exit: { node in
            Self.close(node.tagName, in: &builder)
        })
        return builder.finish().map(\.text).joined(separator: "\n")
    }

    /// Start-of-element effects shared by visible and readable text.
    static func open(_ tag: String, in builder: inout TextBlockBuilder) {
        if HTMLVocabulary.blockTags.contains(tag) {
            builder.breakBlock()
        } else if tag == "br" {
            builder.breakBlock()
        } else if HTMLVocabulary.cellTags.contains(tag) {
            builder.softBreak()
        }
        if tag == "pre" { builder.preformattedDepth += 1 }
        if tag == "a" { builder.linkDepth += 1 }
    }

    /// End-of-element effects shared by visible and readable text.
    static func close(_ tag: String, in builder: inout TextBlockBuilder) {
        if tag == "pre" { builder.preformattedDepth = max(0, builder.preformattedDepth - 1) }
        if tag == "a" { builder.linkDepth = max(0, builder.linkDepth - 1) }
        if HTMLVocabulary.blockTags.contains(tag) {
            builder.breakBlock()
        } else if HTMLVocabulary.cellTags.contains(tag) || tag == "img" {
            builder.softBreak()
        }
    }
}
