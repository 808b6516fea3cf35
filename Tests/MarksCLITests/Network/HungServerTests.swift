import MarksTestSupport
import Foundation
import Glibc
import StandInNetwork
import Testing

/// The real `marks` binary against servers that misbehave: waiting on a hung server is idle, and a
/// plain-http server behind an https login gets the `--no-https` hint.
@Suite struct HungServerTests {
    /// Runs `marks` as a child of its own (posix_spawn + wait4), so its CPU time is exactly its own even
    /// while other tests run children; standard error goes to a file.
    static func spawnMarks(_ arguments: [String], environment: [String: String], home: URL) async throws
        -> (code: Int32, cpuSeconds: Double, stderr: String) {
        let errorFile = home.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        let executable = MarksBinary.executable.path
        return try await withCheckedThrowingContinuation { continuation in
            // wait4 blocks: a plain thread, never the cooperative pool.
            Thread {
                var actions = posix_spawn_file_actions_t()
                posix_spawn_file_actions_init(&actions)
                defer { posix_spawn_file_actions_destroy(&actions) }
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
                posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                let argv = ([executable] + arguments).map { strdup($0) } + [nil]
                let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
                defer { (argv + envp).forEach { free($0) } }
                var pid: pid_t = 0
                let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
                guard spawned == 0 else {
                    continuation.resume(throwing: MarksBinaryError(description: "posix_spawn failed: \(spawned)"))
                    return
                }
                var status: Int32 = 0
                var usage = rusage()
                var reaped: pid_t = -1
                repeat { reaped = wait4(pid, &status, 0, &usage) } while reaped < 0 && errno == EINTR
                guard reaped == pid else {
                    continuation.resume(throwing: MarksBinaryError(description: "wait4 failed: errno \(errno)"))
                    return
                }
                let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
                let text = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""  // safe: a test helper; an empty text fails the caller's expectation
                let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                continuation.resume(returning: (code, cpu, text))
            }.start()
        }
    }

    @Test func aHungServerCostsNoCPU() async throws {
        let binary = try MarksBinary()
        defer { binary.cleanUp() }
        let listener = try RawTCPListener(.silent)
        defer { listener.stop() }
        var environment = binary.environment
        environment.merge(["MARKS_LINKDING_HOST": "127.0.0.1", "MARKS_LINKDING_PORT": String(listener.port),
                           "MARKS_LINKDING_HTTPS": "0", "MARKS_LINKDING_TOKEN": "t0k3n", "MARKS_TIMEOUT": "5"]) { $1 }
        let run = try await Self.spawnMarks(["list"], environment: environment, home: binary.home)
        #expect(run.code == 1)
        #expect(run.stderr.contains("did not answer within 5 s"), "stderr: \(run.stderr)")
        // Before the libcurl client this wait burned a core (~0.8 s of CPU per second waited); idle, it costs
        // start-up and little else.
        #expect(run.cpuSeconds < 0.5, "marks list used \(run.cpuSeconds) s of CPU while waiting 5 s")
        #expect(listener.accepted == 1)
    }

    @Test func loginAgainstAPlainHTTPServerSuggestsNoHTTPS() async throws {
        let binary = try MarksBinary()
        defer { binary.cleanUp() }
        let listener = try RawTCPListener(.greet(.httpAnswer(status: "400 Bad Request", contentType: "text/html", body: "<h1>400</h1>")))
        defer { listener.stop() }
        let result = try await binary.run(["login", "--host", "127.0.0.1", "--port", String(listener.port), "--token", "t0k3n"])
        #expect(result.code == 1)
        #expect(result.stderr.contains("answered plain HTTP, not HTTPS"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("--no-https"))
        #expect(!result.stderr.contains("wrong version number"))
    }
}

struct MarksBinaryError: Error, CustomStringConvertible {
    let description: String
}
