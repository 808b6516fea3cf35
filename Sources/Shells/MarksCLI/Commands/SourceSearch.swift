import Foundation
import MarksAssembly
import MarksCore
import MarksDocuments

/// The sources part of `marks search`: sources matching the words of the query (linkding's operators do not apply
/// to them; `#tag` words and `--tag` match their tags), printed after the bookmarks as `source` rows, or as
/// `sources` in the JSON (`SearchOutput`).
enum SourceSearch {
    /// Sources matching the query's plain words (and its tags), best first.
    static func matches(_ query: String, tag: String?, root: CompositionRoot, limit: Int) throws -> [DocumentSummary] {
        try root.sources().matches(query, tag: tag, limit: limit)
    }
}
