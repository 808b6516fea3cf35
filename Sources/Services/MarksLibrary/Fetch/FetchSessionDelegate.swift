import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession delegate behind `PageFetcher` (on Linux per-task delegates are ignored, so one session
/// delegate serves every task): collects bodies up to a cap, refuses automatic redirects, resumes the
/// waiting caller when a task ends.
/// `@unchecked Sendable`: all mutable state is behind `lock`, and URLSession calls in on its own queue.
final class FetchSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Result {
        let response: HTTPURLResponse
        let body: Data
        let truncated: Bool
    }

    private struct Pending {
        var continuation: CheckedContinuation<Result, Error>
        var response: HTTPURLResponse?
        var body = Data()
        var truncated = false
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]
    private let maxBytes: Int

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    func run(_ task: URLSessionDataTask) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { pending[task.taskIdentifier] = Pending(continuation: continuation) }
            task.resume()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        lock.withLock { pending[dataTask.taskIdentifier]?.response = response as? HTTPURLResponse }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overflow: Bool = lock.withLock {
            guard var entry = pending[dataTask.taskIdentifier], !entry.truncated else { return false }
            let room = maxBytes - entry.body.count
            if data.count > room {
                entry.body.append(data.prefix(max(0, room)))
                entry.truncated = true
                pending[dataTask.taskIdentifier] = entry
                return true
            }
            entry.body.append(data)
            pending[dataTask.taskIdentifier] = entry
            return false
        }
        if overflow { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        let response = entry.response ?? (task.response as? HTTPURLResponse)
        if let response, error == nil || entry.truncated {
            entry.continuation.resume(returning: Result(response: response, body: entry.body, truncated: entry.truncated))
            return
        }
        entry.continuation.resume(throwing: Self.map(error))
    }

    static func map(_ error: Error?) -> FetchError {
        guard let error = error as? URLError else { return .network(error.map { String(describing: $0) } ?? "no response") }
        switch error.code {
        case .timedOut: return .timeout(seconds: 0)
        case .cannotFindHost, .dnsLookupFailed: return .unresolvable(host: error.failingURL?.host ?? "host")
        default: return .network(error.localizedDescription)
        }
    }
}
