import Foundation
import MarksTestSupport
import SystemSupport
import Testing

/// The one child-process runner: real programs, each limit making a real child stop.
@Suite struct ProcessRunnerTests {
    let runner = ProcessRunner()

    @Test func capturesOutputAndStatus() async throws {
        let outcome = try await runner.run("/bin/sh", ["-c", "printf hello; printf oops >&2; exit 3"])
        #expect(outcome.termination == .exited(3))
        #expect(outcome.output == Array("hello".utf8))
        #expect(outcome.errorOutput == "oops")
    }

    @Test func aHangingChildIsKilledAtTheWallClockLimit() async throws {
        let outcome = try await runner.run("/bin/sleep", ["30"], limits: ProcessLimits(wallClock: .milliseconds(300)))
        #expect(outcome.termination == .timedOut)
    }

    @Test func aFloodingChildIsKilledAtTheOutputLimit() async throws {
        let outcome = try await runner.run("/usr/bin/yes", [], limits: ProcessLimits(wallClock: .seconds(30), outputBytes: 100_000))
        #expect(outcome.termination == .outputLimit)
        #expect(outcome.output.count == 100_000)
    }

    @Test func theAddressSpaceLimitHoldsBeforeTheProgramRuns() async throws {
        let python = try #require(ProcessRunner.find("python3", path: nil))
        let script = "x = bytearray(1 << 30); print('allocated')"
        let free = try await runner.run(python, ["-c", script], limits: ProcessLimits(wallClock: .seconds(30)))
        #expect(free.succeeded)
        let limited = try await runner.run(python, ["-c", script],
                                           limits: ProcessLimits(wallClock: .seconds(30), addressSpaceBytes: 256 << 20))
        #expect(!limited.succeeded)
        #expect(limited.errorOutput.contains("MemoryError"))
    }

    @Test func theCPULimitStopsABusyLoop() async throws {
        let outcome = try await runner.run("/bin/sh", ["-c", "while :; do :; done"],
                                           limits: ProcessLimits(wallClock: .seconds(30), cpuSeconds: 1))
        #expect(outcome.termination == .signalled(SIGXCPU) || outcome.termination == .signalled(SIGKILL))
    }

    @Test func cancellingTheTaskKillsTheChild() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let started = directory.file("started")
        let task = Task {
            try await runner.run("/bin/sh", ["-c", "echo > \"$1\"; exec /bin/sleep 30", "sh", started.path],
                                 limits: ProcessLimits(wallClock: .seconds(60)))
        }
        // Cancelled once the child runs (the file it writes first), not after a guessed pause.
        #expect(await eventually { FileManager.default.fileExists(atPath: started.path) })
        task.cancel()
        #expect(try await task.value.termination == .cancelled)
    }

    @Test func aMissingProgramIsAnError() async throws {
        await #expect(throws: ProcessRunnerError.self) {
            _ = try await runner.run("/nonexistent/program", [])
        }
        #expect(ProcessRunner.find("no-such-program-here", path: "/usr/bin:/bin") == nil)
    }

    @Test func blockingRunsGiveTheSameOutcome() throws {
        let outcome = try runner.runBlocking("/bin/echo", ["one", "two"])
        #expect(outcome.succeeded)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "one two\n")
    }
}
