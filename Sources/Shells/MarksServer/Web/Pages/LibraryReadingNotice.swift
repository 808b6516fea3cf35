import MarksCore
import MarksIndex

/// While the library's vectors are being computed (`VectorIndexer.runningProgress`), the notice that says how much of it
/// search by meaning and Ask have read: Semantic mode on the Search tab and the Ask tab show it, so a result or an
/// answer that misses a bookmark just saved is explained. A few texts left (a bookmark saved a moment ago, read within
/// seconds) get none.
struct LibraryReadingNotice {
    /// Texts left below this many get no notice.
    static let floor = 20

    let progress: IndexProgress?
    /// The element's id.
    let id: String
    /// What the reading means for the page ("Until it has read a bookmark, it finds it by its words only.").
    let consequence: String

    func render() -> HTML {
        guard let progress, progress.total - progress.done >= Self.floor else { return .empty }
        return """
            <p class="notice" role="status" id="\(id)">Search by meaning is still reading your library \
            (\(progress.done.grouped) of \(progress.total.grouped) texts so far). \(consequence)</p>
            """
    }
}
