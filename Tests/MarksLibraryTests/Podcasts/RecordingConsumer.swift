import Foundation
import MarksCore
import MarksPodcasts
import Synchronization

/// A consumer that records what it was handed and fails the ids it is told to (a given number of times).
final class RecordingConsumer: PodcastRequestConsumer {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let state = Mutex<(seen: [String], failures: [String: Int])>(([], [:]))

    init(failing failures: [String: Int] = [:]) {
        state.withLock { $0.failures = failures }
    }

    var seen: [String] { state.withLock { $0.seen } }

    func consume(_ request: PodcastRequest) async throws {
        await Task.yield()
        let fail = state.withLock { s -> Bool in
            s.seen.append(request.url)
            guard let left = s.failures[request.url], left > 0 else { return false }
            s.failures[request.url] = left - 1
            return true
        }
        await Task.yield()
        if fail { throw Failure(description: "generator unavailable") }
    }
}
