import Foundation
import MarksLibrary
import Synchronization

/// Imports started from Settings → Import, by id: each runs the CLI's importer (`LibraryService.importNetscape`)
/// in a task of its own while the page polls its progress. Kept in memory (the last 20): an import outlives the
/// request that started it, not the server.
final class ImportTracker: Sendable {
    /// Where one import is.
    enum State: Sendable, Equatable {
        case running(done: Int, total: Int)
        case finished(ImportReport)
        case failed(String)
    }

    struct Entry: Sendable {
        var file: String
        var state: State
        var task: Task<Void, Never>?
    }

    static let kept = 20
    private let entries = Mutex<[(id: String, entry: Entry)]>([])

    /// Starts `run` as import `id` of `file`; `run` reports progress through the closure it is given.
    func start(id: String, file: String, _ run: @escaping @Sendable (_ progress: @escaping @Sendable (Int, Int) -> Void) async -> State) {
        entries.withLock { entries in
            entries.append((id, Entry(file: file, state: .running(done: 0, total: 0))))
            if entries.count > Self.kept { entries.removeFirst(entries.count - Self.kept) }
        }
        let task = Task.detached { [self] in
            let outcome = await run { done, total in self.update(id, .running(done: done, total: total)) }
            self.update(id, outcome)
        }
        entries.withLock { entries in
            if let index = entries.firstIndex(where: { $0.id == id }) { entries[index].entry.task = task }
        }
    }

    /// The import with `id`, if it is known.
    func entry(_ id: String) -> Entry? {
        entries.withLock { entries in entries.first { $0.id == id }?.entry }
    }

    /// Waits until import `id` has finished (tests; the page polls instead).
    func finished(_ id: String) async -> State? {
        await entry(id)?.task?.value
        return entry(id)?.state
    }

    private func update(_ id: String, _ state: State) {
        entries.withLock { entries in
            guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
            if case .finished = entries[index].entry.state { return }
            if case .failed = entries[index].entry.state { return }
            entries[index].entry.state = state
        }
    }
}
