import Foundation
import MarksTestSupport
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
                // Other tests may hold cooperative threads too: wait at most 10 s for ours to start. Either way every
                // cooperative thread is then busy, with ours first in line for any that frees (alone, this test
                // always holds them all, and with the global executor it gets no answer).
                let deadline = DispatchTime.now() + 10
                for _ in 0..<width where started.wait(timeout: deadline) == .timedOut { break }
                let connection = try RawConnection(port: port)
                #expect(await connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
                do {
                    let response = try await connection.readResponse(timeout: .seconds(30))
                    #expect(response.status == 200)
                    #expect(response.text == "answered")
                } catch {
                    let load = ThreadTaskExecutor.requests.load
                    Issue.record("no answer (\(error)); request threads: \(load.running) running, \(load.waiting) waiting")
                }
            }
        }
    }
}
