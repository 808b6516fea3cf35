import MarksCore
import MarksLibrary
import Synchronization

/// The web app's library and the source it reads, swappable while the server runs: saving a new source in
/// Settings builds a library for it (`WebSettings.makeLibrary`) and puts it here; every handler reads
/// `WebController.library` from here, so the next request uses the new source. A request already running keeps
/// the library it started with.
final class SourceHolder: Sendable {
    private let state: Mutex<(library: LibraryService, server: ServerConfig?)>

    init(library: LibraryService, server: ServerConfig?) {
        state = Mutex((library, server))
    }

    /// The library requests use now.
    var library: LibraryService { state.withLock { $0.library } }
    /// The linkding server the current library uses; nil for the embedded store.
    var server: ServerConfig? { state.withLock { $0.server } }

    /// Makes `library` (over `server`) the one requests use from now on.
    func swap(to library: LibraryService, server: ServerConfig?) {
        state.withLock { $0 = (library, server) }
    }
}
