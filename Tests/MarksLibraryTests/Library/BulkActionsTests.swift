import Foundation
import MarksCore
import MarksJobs
import MarksTestSupport
import Testing
@testable import MarksLibrary

/// Issue 35 item 10 on a linkding server: a bulk action is a durable `library.bulk` job, run at once for its request;
/// one a kill cut short is finished by the next start; a failure is the request's answer and leaves nothing queued.
@Suite struct BulkActionsTests {
    static func runner(_ fixture: LibraryFixture, ownerIsGone: @escaping @Sendable (String) -> Bool = { _ in false }) throws -> JobRunner {
        JobRunner(store: try JobStore(database: fixture.cacheDatabase), ownerIsGone: ownerIsGone, log: { _ in })
    }

    static func archived(_ fixture: LibraryFixture) throws -> Set<Int> {
        Set(try fixture.serverBookmarks().values.filter(\.isArchived).map(\.id))
    }

    @Test func onALinkdingServerTheActionRunsAsAJobForItsRequest() async throws {
        let fixture = try LibraryFixture(.linkding)
        let ids = try fixture.addMany(4).map(\.id)
        let jobs = try Self.runner(fixture)
        let bulk = BulkActions(jobs: jobs, now: Date.init)
        await jobs.register(bulk.jobKind(library: { fixture.library }))
        #expect(try await bulk.apply(.archive(markingRead: true), ids: Array(ids.prefix(3)), on: fixture.library) == 3)
        #expect(try Self.archived(fixture) == Set(ids.prefix(3)))
        #expect(try await bulk.apply(.addTag("later"), ids: ids, on: fixture.library) == 4)
        #expect(try await bulk.apply(.addTag("later"), ids: ids, on: fixture.library) == 0, "already tagged")
        let recorded = try JobStore(database: fixture.cacheDatabase).jobs(kind: BulkActions.jobKindName)
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0.state == .done })
    }

    @Test func aFailureIsTheAnswerAndNothingIsLeftForTheRestart() async throws {
        let fixture = try LibraryFixture(.linkding)
        let ids = try fixture.addMany(2).map(\.id)
        let jobs = try Self.runner(fixture)
        let bulk = BulkActions(jobs: jobs, now: Date.init)
        await jobs.register(bulk.jobKind(library: { fixture.library }))
        var direct: (any Error)?
        do { _ = try await fixture.library.bulk(.markRead, ids: [999]) } catch { direct = error }
        let expected = try #require(direct, "a bookmark that is not there fails")
        await #expect { try await bulk.apply(.markRead, ids: ids + [999], on: fixture.library) } throws: { error in
            String(describing: error) == String(describing: expected)
        }
        let recorded = try JobStore(database: fixture.cacheDatabase).jobs(kind: BulkActions.jobKindName)
        #expect(recorded.map(\.state) == [.failed], "one attempt: a failure is not retried behind the person's back")
    }

    /// The kill: the job was recorded and claimed by a process that died after two of five archives. The next start
    /// takes it back (uncounted) and finishes it; the two already archived stay as they are.
    @Test(.timeLimit(.minutes(2))) func anActionAKillCutShortIsFinishedByTheNextStart() async throws {
        let fixture = try LibraryFixture(.linkding)
        let ids = try fixture.addMany(5).map(\.id)
        let store = try JobStore(database: fixture.cacheDatabase)
        let job = try await BulkActions(jobs: try Self.runner(fixture), now: { Date().addingTimeInterval(-3600) })
            .record(.archive(markingRead: false), ids: ids)
        let dead = "pid 999999 on a host that is gone"
        _ = try #require(try store.claim(id: job.id, owner: dead, now: Date()))
        for id in ids.prefix(2) { try await fixture.library.archive(id: id, markingRead: false) }
        #expect(try Self.archived(fixture) == Set(ids.prefix(2)))

        let next = try Self.runner(fixture, ownerIsGone: { $0 == dead })
        let restarted = BulkActions(jobs: next, now: Date.init)
        await next.register(restarted.jobKind(library: { fixture.library }))
        await next.start()
        let ended = try await next.waitUntilFinished(job.id)
        await next.stop()
        #expect(ended?.state == .done)
        #expect(try Self.archived(fixture) == Set(ids))
    }

    @Test func onTheEmbeddedStoreItIsOneTransactionAndNoJob() async throws {
        let fixture = try LibraryFixture(.embedded)
        let ids = try fixture.addMany(3).map(\.id)
        let jobs = try Self.runner(fixture)
        let bulk = BulkActions(jobs: jobs, now: Date.init)
        #expect(try await bulk.apply(.markRead, ids: ids, on: fixture.library) == 3)
        #expect(try JobStore(database: fixture.cacheDatabase).jobs(kind: BulkActions.jobKindName).isEmpty)
    }

    @Test(arguments: [BookmarkBulkChange.markRead, .archive(markingRead: true), .archive(markingRead: false), .addTag("a b"),
                      .removeTag("x"), .delete])
    func everyActionSurvivesItsPayload(change: BookmarkBulkChange) throws {
        let payload = BulkActions.Payload(change, ids: [3, 1])
        let decoded = try JSONDecoder().decode(BulkActions.Payload.self, from: JSONEncoder().encode(payload))
        #expect(decoded.change == change)
        #expect(decoded.ids == [3, 1])
    }
}
