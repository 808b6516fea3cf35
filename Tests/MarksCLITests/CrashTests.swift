import Foundation
import Glibc
import HTTPServer
import MarksTestSupport
import SentenceEmbeddings
import SQLiteDatabase
import Testing

/// Issue 16, "crash tests": the real `marks` killed with SIGKILL in the middle of an import, Enrich All, a page-text
/// archive run, a podcast job and a source upload. After each: `PRAGMA integrity_check` is ok, nothing half-written is
/// visible (an import is all or nothing, a summary or page text is whole or absent, no episode or source without its
/// file or file without its row), and running again finishes the work — a job left by the killed process is taken
/// up at once by the next `marks serve`.
@Suite(.serialized) struct CrashTests {
    static let modelDirectory = ModelLocator().locate()
    static let modelInstalled = modelDirectory != nil
    static let model = ["MARKS_MODEL_DIR": modelDirectory?.path ?? ""]

    /// The data directory's database of a `MarksBinary`.
    static func database(_ marks: MarksBinary) -> String { marks.home.appendingPathComponent("data/marks/marks.sqlite").path }

    /// `PRAGMA integrity_check` and one integer query, on a fresh read-only connection (as after a restart).
    static func inspect(_ marks: MarksBinary, _ sql: String) throws -> (integrity: String, value: Int) {
        let connection = try Connection(path: database(marks), options: .init(readOnly: true))
        let integrity = try connection.queryOne("PRAGMA integrity_check")?.string(at: 0) ?? "no answer"
        return (integrity, try connection.queryOne(sql)?.int(at: 0) ?? -1)
    }

    /// Starts `marks arguments`, waits until `ready` holds (a 60 s hang guard), then kills it with SIGKILL.
    /// Returns whether it was still running when killed.
    static func kill(_ marks: MarksBinary, _ arguments: [String], environment: [String: String] = [:],
                     ready: () throws -> Bool) async throws -> Bool {
        let process = try RunningProcess(MarksBinary.executable, arguments, environment: marks.environment.merging(environment) { $1 })
        // `ready` reads the database the child writes: while the child holds it, the read fails and counts as "not yet".
        await eventually(within: .seconds(60), every: .milliseconds(50)) { (try? ready()) ?? false }
        let ending = await process.stop(signal: SIGKILL)
        return ending.status == SIGKILL
    }

    static func bookmarkFile(_ count: Int) -> String {
        var lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
        for index in 0..<count {
            lines.append(#"<DT><A HREF="https://site\#(index % 97).example/page/\#(index)" ADD_DATE="\#(1_600_000_000 + index)" TAGS="t\#(index % 50),topic\#(index % 7)">Page \#(index) about herons and rivers</A>"#)
            lines.append("<DD>Herons wade in shallow rivers, number \(index). They hunt fish at dawn and rest at noon.")
        }
        return (lines + ["</DL><p>"]).joined(separator: "\n")
    }

    /// Starts `marks arguments` and kills it with SIGKILL `seconds` later, timed on a thread of its own (a loaded test
    /// run can hold a task's sleep for seconds). Returns whether it was still running when killed.
    static func kill(_ marks: MarksBinary, _ arguments: [String], afterExactly seconds: Double) async throws -> Bool {
        let process = try RunningProcess(MarksBinary.executable, arguments, environment: marks.environment)
        let pid = process.pid
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: seconds)  // the behaviour under test: a kill at an arbitrary moment of the import
                Glibc.kill(pid, SIGKILL)
                done.resume()
            }
        }
        return await process.wait().status == SIGKILL
    }

    @Test(.timeLimit(.minutes(8))) func anImportKilledAtAnyMomentIsAllOrNothing() async throws {
        let count = 12000
        let text = Self.bookmarkFile(count)
        var killedMidway = 0
        var seen: [String] = []
        // Each kill in a fresh data directory, so a run that finished before its kill (a loaded machine) costs nothing later.
        for delay in [0.3, 1.0, 2.0, 3.5] {
            let marks = try MarksBinary()
            defer { marks.cleanUp() }
            let file = marks.home.appendingPathComponent("bookmarks.html")
            try text.write(to: file, atomically: true, encoding: .utf8)
            _ = try await marks.run(["list"])  // the data directory and its schema exist before the kill
            let killed = try await Self.kill(marks, ["import", file.path], afterExactly: delay)
            let (integrity, stored) = try Self.inspect(marks, "SELECT count(*) FROM store_bookmarks")
            #expect(integrity == "ok")
            #expect(stored == 0 || stored == count, "an import is one transaction: \(stored) of \(count) after a kill at \(delay) s")
            #expect(try Self.inspect(marks, "SELECT n FROM store_counts WHERE bucket = 'unarchived.read'").value == stored,
                    "the maintained count agrees with the rows")
            seen.append("kill at \(delay) s: \(killed ? "killed" : "had ended"), \(stored) rows")
            if killed && stored == 0 { killedMidway += 1 }
            if killed && stored == 0 && killedMidway == 1 {
                let finished = try await marks.run(["import", file.path, "--json"], timeout: 300)
                #expect(finished.code == 0, "\(finished.stderr)")
                #expect(try Self.inspect(marks, "SELECT count(*) FROM store_bookmarks").value == count, "the import runs again whole")
            }
        }
        #expect(killedMidway > 0, "at least one kill landed while the import ran: \(seen)")
    }

    @Test(.timeLimit(.minutes(10)), .enabled(if: modelInstalled, "the embedding model is not installed"))
    func enrichAllKilledMidwayKeepsWholeSummariesAndResumes() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let count = 30  // in a loaded test run 80 took over 5 minutes
        let file = marks.home.appendingPathComponent("bookmarks.html")
        try Self.bookmarkFile(count).write(to: file, atomically: true, encoding: .utf8)
        #expect(try await marks.run(["import", file.path]).code == 0)
        let summaries = "SELECT count(*) FROM library_ai_metadata WHERE summary IS NOT NULL AND length(summary) > 20"
        let killed = try await Self.kill(marks, ["enrich", "--all"], environment: Self.model) {
            try Self.inspect(marks, summaries).value >= 5
        }
        let (integrity, kept) = try Self.inspect(marks, summaries)
        #expect(killed && integrity == "ok")
        #expect(try Self.inspect(marks, "SELECT count(*) FROM library_ai_metadata").value == kept, "no row without its whole summary")
        #expect(kept > 0 && kept < count, "killed midway: \(kept) of \(count) enriched")
        let resumed = try await marks.run(["enrich", "--all", "--json"], extraEnvironment: Self.model, timeout: 480)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(resumed.stdout.utf8)) as? [String: Any], "\(resumed.stderr)")
        #expect(report["skipped"] as? Int == kept, "what was done is not done again: \(report)")
        #expect(report["enriched"] as? Int == count - kept && report["failed"] as? Int == 0, "\(report)")
        #expect(try Self.inspect(marks, summaries).value == count)
    }

    @Test(.timeLimit(.minutes(5))) func anArchiveRunKilledMidwayStoresWholePagesAndFinishesTheRest() async throws {
        var router = Router()
        let paragraph = "Herons wade in shallow rivers and hunt fish at dawn. They rest in tall trees at noon and fly at dusk. "
        router.get("/page/:n") { request in
            let n = request.pathParameters["n"] ?? "?"
            return .html("<html><head><title>Page \(n)</title></head><body><article><h1>Page \(n)</h1>"
                         + String(repeating: "<p>\(paragraph)</p>", count: 30) + "</article></body></html>")
        }
        let server = try LiveServer(serving: router, configuration: HTTPServer.Configuration(threadPoolSize: 4, shutdownGracePeriod: .seconds(1)))
        let port = server.port
        defer { Task { await server.stop() } }
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let count = 12  // one site: its pages start a second apart
        var lines = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<DL><p>"]
        for index in 0..<count { lines.append(#"<DT><A HREF="http://127.0.0.1:\#(port)/page/\#(index)">Page \#(index)</A>"#) }
        let file = marks.home.appendingPathComponent("bookmarks.html")
        try (lines + ["</DL><p>"]).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(try await marks.run(["import", file.path]).code == 0)
        let fetching = ["MARKS_FETCH_PAGES": "1", "MARKS_ALLOW_PRIVATE_FETCHES": "1"]
        let stored = "SELECT count(*) FROM archive_pages WHERE state = 'stored'"
        let killed = try await Self.kill(marks, ["archive-text"], environment: fetching) {
            try Self.inspect(marks, stored).value >= 3
        }
        let (integrity, kept) = try Self.inspect(marks, stored)
        #expect(killed && integrity == "ok")
        #expect(kept > 0 && kept < count, "killed midway: \(kept) of \(count) pages")
        #expect(try Self.inspect(marks, "SELECT count(*) FROM archive_pages WHERE state = 'stored' AND word_count < 500").value == 0,
                "every stored page is whole")
        let finished = try await marks.run(["archive-text", "--json"], extraEnvironment: fetching, timeout: 300)
        #expect(finished.code == 0, "\(finished.stderr)")
        #expect(try Self.inspect(marks, stored).value == count)
        #expect(try Self.inspect(marks, "SELECT count(*) FROM archive_pages WHERE state = 'failed'").value == 0)
    }

    @Test(.timeLimit(.minutes(6))) func aPodcastJobKilledMidwayLeavesNoEpisodeAndTheNextServeMakesIt() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let text = String(repeating: "Herons fly south in October and come back in spring. They nest in tall trees near the water. ", count: 60)
        #expect(try await marks.run(["source", "add", "--title", "Heron notes", text]).code == 0)
        let list = try await marks.run(["source", "list", "--json"])
        let sources = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(sources.first?["id"] as? String)
        let running = "SELECT count(*) FROM jobs WHERE state = 'running'"
        let killed = try await Self.kill(marks, ["podcast", "generate", "--source", id, "--wait"]) {
            try Self.inspect(marks, running).value == 1
        }
        #expect(killed)
        #expect(try Self.inspect(marks, running).integrity == "ok")
        let job = try Self.inspect(marks, "SELECT id FROM jobs WHERE state = 'running'").value
        let podcasts = marks.home.appendingPathComponent("data/marks/podcasts")
        func episodes() -> [String] {
            (FileManager.default.enumerator(atPath: podcasts.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".mp3") }
        }
        #expect(episodes().isEmpty, "no episode file from the killed job: \(episodes())")
        let listed = try await marks.run(["podcast", "list", "--json"])
        #expect(!listed.stdout.contains(#""state":"ready""#), "no episode is listed ready: \(listed.stdout)")

        let server = try RunningProcess(MarksBinary.executable, ["serve", "--port", "0"], environment: marks.environment)
        let banner = await server.output(containing: "http://")
        #expect(banner.contains("http://"), "marks serve did not start: \(banner)")
        let start = Date()
        var done = 0
        try await eventually(within: .seconds(180), every: .milliseconds(500)) {
            done = try Self.inspect(marks, "SELECT count(*) FROM jobs WHERE id = \(job) AND state = 'done'").value
            return done != 0
        }
        let waited = Date().timeIntervalSince(start)
        let ending = await server.stop()
        #expect(done == 1, "after \(waited) s; server log: \(ending.stderr.suffix(2000))")
        #expect(waited < 50, "taken up at once, not after the 60 s heartbeat: \(waited) s")
        #expect(episodes().count == 1, "one episode, one file: \(episodes())")
        #expect(try Self.inspect(marks, "SELECT count(*) FROM jobs WHERE state IN ('running', 'failed')").value == 0)
    }

    /// Issue 35 item 9: a kill -9 during podcast generation left espeak-ng running for good and the article's text in
    /// `/tmp`. Now every child dies with Marks (`setpriv --pdeathsig KILL` from `ProcessRunner`'s spawn thread) and
    /// the text is written in the 0700 data directory. The voice here is a stand-in that records its pid and text file
    /// and then waits.
    @Test(.timeLimit(.minutes(3))) func aKilledPodcastJobLeavesNoVoiceRunningAndNoTextOutsideTheDataDirectory() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let bin = marks.home.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = marks.home.appendingPathComponent("voice.pid")
        let script = """
            #!/bin/sh
            case "$*" in *--voices*) printf 'Pty Language       Age/Gender VoiceName          File                 Other Languages\\n 5  en-us            --/M      American_English   gmw/en-US            (en 10)\\n'; exit 0;; esac
            for argument in "$@"; do last="$argument"; done
            echo "$$ $last" > \(record.path).tmp && mv \(record.path).tmp \(record.path)
            exec sleep 300
            """
        let voice = bin.appendingPathComponent("espeak-ng")
        try Data(script.utf8).write(to: voice)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: voice.path)
        let path = ["PATH": bin.path + ":/usr/bin:/bin"]
        #expect(try await marks.run(["source", "add", "--title", "Heron notes", "Herons fly south in October."], extraEnvironment: path).code == 0)
        let list = try await marks.run(["source", "list", "--json"])
        let sources = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let id = try #require(sources.first?["id"] as? String)

        let process = try RunningProcess(MarksBinary.executable, ["podcast", "generate", "--source", id, "--wait"],
                                         environment: marks.environment.merging(path) { $1 })
        #expect(await eventually(within: .seconds(90)) { FileManager.default.fileExists(atPath: record.path) }, "the voice started")
        let recorded = try String(contentsOf: record, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ")
        let first = try #require(recorded.first)
        let pid = try #require(Int32(first))
        defer { Glibc.kill(pid, SIGKILL) }
        let textFile = String(try #require(recorded.last))
        #expect(textFile.hasPrefix(marks.home.appendingPathComponent("data/marks/tmp/").path), "the text is in the data directory: \(textFile)")
        let mode = try FileManager.default.attributesOfItem(atPath: marks.home.appendingPathComponent("data/marks/tmp").path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(await process.stop(signal: SIGKILL).status == SIGKILL)

        func running(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),  // safe: no stat file is a process that is gone
                  let close = stat.lastIndex(of: ")") else { return false }
            return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
        }
        #expect(await eventually(within: .seconds(60)) { !running(pid) }, "the voice died with marks")
    }

    @Test(.timeLimit(.minutes(4))) func aServerKilledDuringAnUploadKeepsNoSourceAndNoFile() async throws {
        let marks = try MarksBinary()
        defer { marks.cleanUp() }
        let server = try await ServeEndToEndTests.Server.start(marks, arguments: ["--port", "0"])
        let port = try #require(URLComponents(string: server.url)?.port)
        let minted = try await marks.run(["signin-link"])
        let client = ServeClient(port: port)
        try await client.signIn(minted.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        let (cookie, csrf) = client.credentials
        // The head of a 4 MB file and half its bytes, then the server dies.
        let connection = try RawConnection(port: port)
        let boundary = "crashboundary"
        let head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(csrf ?? "")\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\n"
        let total = head.utf8.count + 4_000_000 + "\r\n--\(boundary)--\r\n".utf8.count
        #expect(await connection.send("POST /sources/upload HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(cookie ?? "")\r\n"
                                      + "Origin: http://127.0.0.1:\(port)\r\nContent-Type: multipart/form-data; boundary=\(boundary)\r\n"
                                      + "Content-Length: \(total)\r\n\r\n" + head))
        #expect(await connection.send(String(repeating: "herons, rivers\n", count: 2_000_000 / 15)))
        let incoming = marks.home.appendingPathComponent("data/marks/sources/incoming")
        await eventually(within: .seconds(20), every: .milliseconds(50)) {
            !((try? FileManager.default.contentsOfDirectory(atPath: incoming.path)) ?? []).isEmpty
        }
        let (status, _, _) = await server.stop(signal: SIGKILL)
        #expect(status == SIGKILL)
        let staged = (try? FileManager.default.contentsOfDirectory(atPath: incoming.path)) ?? []
        #expect(staged.count == 1, "the upload was being written when the server died: \(staged)")
        let listed = try await marks.run(["source", "list", "--json"])
        #expect(listed.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "no source from a half upload: \(listed.stdout)")
        let originals = marks.home.appendingPathComponent("data/marks/sources/files")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: originals.path)) ?? []).isEmpty, "no original without a row")
        #expect(try Self.inspect(marks, "SELECT count(*) FROM sources").integrity == "ok")
        // An hour later (the staging file's time moved back), the next start removes what the crash left.
        for name in staged {
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)],
                                                  ofItemAtPath: incoming.appendingPathComponent(name).path)
        }
        _ = try await marks.run(["source", "list"])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: incoming.path)) ?? []).isEmpty, "the leftover is removed")
    }
}
