import Foundation

extension MarksBinary {
    /// Runs `marks` on a thread of its own and awaits it, so the test's concurrency threads stay free to
    /// answer the binary's requests to an in-process server (a blocking wait there would starve it).
    func runAsync(_ arguments: [String], stdin: String? = nil, extraEnvironment: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try run(arguments, stdin: stdin, extraEnvironment: extraEnvironment))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.start()
        }
    }
}
