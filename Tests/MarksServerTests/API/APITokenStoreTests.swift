import MarksAccess
import MarksTestSupport
import Foundation
import Synchronization
import MarksBookmarks
import Testing
@testable import MarksServer
import SystemSupport

/// The API token file: made once, 40 hex characters, mode 0600, replaced by a rotation that running servers see.
@Suite struct APITokenStoreTests {
    @Test func theFirstReadMakesAFortyHexTokenInAPrivateFile() throws {
        let directory = try TemporaryDirectory(prefix: "marks-token")
        defer { directory.cleanUp() }
        let store = APITokenStore(directory: directory.url.appendingPathComponent("nested/data"))
        let token = try store.token()
        #expect(token.count == 40)
        #expect(token.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(AtomicFile.permissions(of: store.file) == 0o600)
        #expect(try String(contentsOf: store.file, encoding: .utf8) == token + "\n")
        #expect(try store.token() == token)
        #expect(try APITokenStore(directory: directory.url.appendingPathComponent("nested/data")).token() == token)
    }

    @Test func tokensDifferBetweenDataDirectories() throws {
        let one = try TemporaryDirectory(prefix: "marks-token")
        let two = try TemporaryDirectory(prefix: "marks-token")
        defer { one.cleanUp(); two.cleanUp() }
        #expect(try APITokenStore(directory: one.url).token() != APITokenStore(directory: two.url).token())
    }

    @Test func aRotationIsSeenByAnotherStoreOverTheSameFile() throws {
        let directory = try TemporaryDirectory(prefix: "marks-token")
        defer { directory.cleanUp() }
        let server = APITokenStore(directory: directory.url)
        let old = try server.token()
        #expect(server.matches(old))
        let new = try APITokenStore(directory: directory.url).rotate()
        #expect(new != old)
        #expect(!server.matches(old))
        #expect(server.matches(new))
        #expect(try server.token() == new)
        #expect(AtomicFile.permissions(of: server.file) == 0o600)
    }

    @Test(arguments: ["", "short", String(repeating: "g", count: 40), String(repeating: "a", count: 41), "abc def"])
    func aTokenFileThatIsNotFortyHexIsAClearError(content: String) throws {
        let directory = try TemporaryDirectory(prefix: "marks-token")
        defer { directory.cleanUp() }
        let logged = Mutex<[String]>([])
        let store = APITokenStore(directory: directory.url, log: { line in logged.withLock { $0.append(line) } })
        try AtomicFile.write(Data(content.utf8), to: store.file)
        #expect(throws: APITokenError.malformed(path: store.file.path)) { try store.token() }
        #expect(!store.matches(content))
        #expect(logged.withLock { $0 }.contains { $0.contains("could not be read, so /api/ admits nobody") }, "the refusal is not silent")
        #expect(APITokenError.malformed(path: "p").description.contains("marks token --rotate"))
    }

    @Test func aFileOthersCanReadIsTightenedTo0600() throws {
        let directory = try TemporaryDirectory(prefix: "marks-token")
        defer { directory.cleanUp() }
        let store = APITokenStore(directory: directory.url)
        let token = "0123456789abcdef0123456789abcdef01234567"
        try AtomicFile.write(Data((token + "\n").utf8), to: store.file, mode: 0o644)
        #expect(try store.token() == token)
        #expect(AtomicFile.permissions(of: store.file) == 0o600)
    }

    @Test func noFileMatchesNothingAndAnEmptyCandidateNeverMatches() throws {
        let directory = try TemporaryDirectory(prefix: "marks-token")
        defer { directory.cleanUp() }
        let store = APITokenStore(directory: directory.url)
        #expect(!store.matches(""))
        #expect(!store.matches("0123456789abcdef0123456789abcdef01234567"))
        let token = try store.token()
        #expect(!store.matches(""))
        #expect(!store.matches(String(token.dropLast())))
        #expect(!store.matches(token + "0"))
    }
}
