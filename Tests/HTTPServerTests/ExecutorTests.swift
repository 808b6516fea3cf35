import Foundation
import SystemSupport
import Testing
@testable import HTTPServer

/// The responder's tasks run on the request threads, so a process whose cooperative pool is fully taken by
/// synchronous work (a long model run in a test, a blocking call somewhere) still answers.
@Suite struct ExecutorTests {
    @Test func answersWhileEveryCooperativeThreadIsHeld() async throws {
        // This test's own steps run on the job threads: it is about to take the whole cooperative pool.
        try await withTaskExecutorPreference(ThreadTaskExecutor.jobs) {
            try await withLiveServer(responder: ResponderFunction { _ in .text("answered") }) { _, port in
                let width = ProcessInfo.processInfo.activeProcessorCount
                let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
                for _ in 0..<width {
                    Task.detached {  // no preference: a cooperative thread, held until released
                        started.signal()
                        release.wait()
                    }
                }
                defer { for _ in 0..<width { release.signal() } }
                for _ in 0..<width {
                    // Hang guard only: other tests may hold the pool's threads for a while first.
                    #expect(started.wait(timeout: .now() + 120) == .success)
                }
                let connection = try RawConnection(port: port)
                #expect(await connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
                let response = try await connection.readResponse(timeout: .seconds(30))
                #expect(response.status == 200)
                #expect(response.text == "answered")
            }
        }
    }
}
