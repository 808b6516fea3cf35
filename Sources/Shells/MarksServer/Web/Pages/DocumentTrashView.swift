import Foundation
import MarksDocuments

/// The Trash's second part: deleted sources, most recently deleted first, each with Restore and Delete forever
/// (which removes the row and the original file). Shown only when there are some.
struct DocumentTrashView {
    var sources: [DocumentSummary]
    var dates: WebDate
    var context: PageContext

    func render() -> HTML {
        guard !sources.isEmpty else { return .empty }
        return """
            <section aria-labelledby="source-trash-heading"><h2 id="source-trash-heading">Deleted sources</h2>\
            <ul class="rows trash" id="source-trash-rows">\(HTML.each(sources, row))</ul></section>
            """
    }

    private func row(_ source: DocumentSummary) -> HTML {
        let id = source.id.uuidString.lowercased()
        let deleted: HTML = source.deletedAt.map { " · deleted <time datetime=\"\(dates.iso($0))\">\(dates.day($0))</time>" } ?? .empty
        return """
            <li class="row" data-id="\(id)"><div class="main"><span class="title">\(source.displayTitle)</span>\
            <span class="meta">\(DocumentRowView.kindName(source.kind))\(deleted)</span></div>\
            <div class="actions"><form method="post" action="\(SafeURL.path("/sources/\(id)/restore"))">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" class="link" aria-label="Restore \(source.displayTitle)">Restore</button></form>\
            <form method="post" action="\(SafeURL.path("/sources/\(id)/purge"))">\(HTML.csrfField(context.csrfToken))\
            <button type="submit" class="link" aria-label="Delete \(source.displayTitle) forever">Delete forever</button></form></div></li>
            """
    }
}
