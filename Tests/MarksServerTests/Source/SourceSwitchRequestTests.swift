import Foundation
import MarksClients
import MarksCore
import MarksBookmarks
import MarksServer
import Synchronization
import Testing

/// `SourceSwitch`, the one holder of everything built from the bookmark source: a request keeps the source it
/// began with across a switch, a switch saves first and builds every part before any request sees them, a
/// failed build keeps the old source, and the old source stays known for the jobs queued under it.
@Suite struct SourceSwitchRequestTests {
    static let first = ServerConfig(host: "first.example", token: "one")
    static let second = ServerConfig(host: "second.example", port: 9090, path: "/ld", token: "two")

    /// A source over `server` (a linkding client that is never asked anything).
    static func served(_ server: ServerConfig) -> ServedSource {
        ServedSource(server: server, library: LibraryService(source: LinkdingClient(config: server), widgets: nil,
                                                             now: { Date() }, warn: { _ in }))
    }

    final class Built: Sendable {
        let servers = Mutex<[ServerConfig?]>([])
        let saves = Mutex(0)
        let switched = Mutex<[String]>([])
    }

    static func holder(_ built: Built, failing: Bool = false) -> SourceSwitch {
        SourceSwitch(served(first), build: { server in
            built.servers.withLock { $0.append(server) }
            if failing { throw CancellationError() }
            return served(server ?? first)
        }, didSwitch: { served in built.switched.withLock { $0.append(served.identity) } })
    }

    @Test func aRequestKeepsTheSourceItBeganWithAcrossASwitch() async throws {
        let built = Built()
        let sources = Self.holder(built)
        let during = try await sources.pinning { () async throws -> (String, String, String, String, SourceSwitch.Outcome) in
            let before = sources.current.identity
            let outcome = try await sources.switchTo(Self.second, saving: { built.saves.withLock { $0 += 1 } })
            // The switch is made, but this request still reads the source it pinned, in every read.
            return (before, sources.current.identity, sources.current.library.source.identity, sources.latest.identity, outcome)
        }
        #expect(during.4 == .applied)
        #expect(during.0 == during.1 && during.1 == during.2, "one source for the whole request")
        #expect(during.0 == LinkdingClient(config: Self.first).identity)
        #expect(during.3 == LinkdingClient(config: Self.second).identity)
        #expect(sources.current.identity == during.3, "the next request sees the new source")
        #expect(await sources.pinning { sources.current.server } == Self.second)
        #expect(built.saves.withLock { $0 } == 1)
        #expect(built.switched.withLock { $0 } == [during.3])
    }

    @Test func theOldSourceStaysKnownForItsJobs() async throws {
        let built = Built()
        let sources = Self.holder(built)
        let old = sources.current.identity
        _ = try await sources.switchTo(Self.second, saving: {})
        #expect(sources.source(identity: old)?.server == Self.first)
        #expect(sources.source(identity: nil)?.server == Self.second, "nil names the current source")
        #expect(sources.source(identity: "https://unknown.example/") == nil)
    }

    @Test func theSameSourceIsNotRebuiltAndWithoutABuildARestartIsNeeded() async throws {
        let built = Built()
        let sources = Self.holder(built)
        #expect(try await sources.switchTo(Self.first, saving: {}) == .unchanged)
        #expect(built.servers.withLock { $0.isEmpty })
        let fixed = SourceSwitch(Self.served(Self.first), build: nil)
        #expect(!fixed.canSwitch)
        let saves = Mutex(0)
        #expect(try await fixed.switchTo(Self.second, saving: { saves.withLock { $0 += 1 } }) == .restartNeeded)
        #expect(saves.withLock { $0 } == 1, "the new source is saved for the next start")
        #expect(fixed.current.server == Self.first)
    }

    @Test func aFailedBuildKeepsTheOldSource() async throws {
        let built = Built()
        let sources = Self.holder(built, failing: true)
        await #expect(throws: SourceSwitchError.self) { try await sources.switchTo(Self.second, saving: {}) }
        #expect(sources.current.server == Self.first)
        #expect(built.switched.withLock { $0.isEmpty })
    }

    @Test func aFailedSaveSwitchesNothing() async throws {
        let built = Built()
        let sources = Self.holder(built)
        await #expect(throws: CancellationError.self) { try await sources.switchTo(Self.second, saving: { throw CancellationError() }) }
        #expect(built.servers.withLock { $0.isEmpty })
        #expect(sources.current.server == Self.first)
    }
}
