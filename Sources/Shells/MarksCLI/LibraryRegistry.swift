import MarksLibrary
import Synchronization

/// The libraries a process built, by source identity, and the current one: Settings can swap a running server's
/// source, and a `linkding.delete` job queued under the old one must still be sent through it.
final class LibraryRegistry: Sendable {
    private let state = Mutex((bySource: [String: LibraryService](), current: LibraryService?.none))

    /// Records `library`; `current` makes it the one for work that names no source (the first recorded is current
    /// until then). An earlier library of the same source stays unless this one becomes current.
    func add(_ library: LibraryService, current: Bool) {
        state.withLock { s in
            let key = library.source.identity
            if current || s.bySource[key] == nil { s.bySource[key] = library }
            if current || s.current == nil { s.current = library }
        }
    }

    /// The library of the source with this identity; nil names the current one.
    func library(_ source: String?) -> LibraryService? {
        state.withLock { s in source.map { s.bySource[$0] } ?? s.current }
    }
}
