import Foundation
import Testing

/// The one contract suite: every case against the embedded store in process and against `LinkdingClient` talking
/// to `marks serve`'s `/api/` over real HTTP, and — when `LINKDING_TEST_URL` and `LINKDING_TEST_TOKEN` name one —
/// against a real linkding server.
@Suite struct ContractTests {
    @Test(arguments: ContractCase.allCases, ContractTarget.local)
    func contract(_ contractCase: ContractCase, on target: ContractTarget) async throws {
        let fixture = try ContractFixture.make(target)
        do {
            try await contractCase.run(fixture)
        } catch {
            await fixture.tearDown()
            throw error
        }
        await fixture.tearDown()
    }

    /// One case at a time: linkding on SQLite answers concurrent writes with "database is locked" (500).
    @Test(.serialized, .enabled(if: ContractTarget.linkdingConfigured,
                   "skipped: set LINKDING_TEST_URL (e.g. http://localhost:9090) and LINKDING_TEST_TOKEN to run the contract against a real linkding"),
          arguments: ContractCase.allCases)
    func contractOnARealLinkding(_ contractCase: ContractCase) async throws {
        try await contract(contractCase, on: .linkding)
    }

    /// A case leaves nothing behind on a shared server: its bookmarks and the tags it created are deleted (a run
    /// used to leave ~36 tags on a real linkding). Checked on `marks serve`'s `/api/` and, when configured, on linkding.
    @Test(arguments: [ContractTarget.served] + (ContractTarget.linkdingConfigured ? [.linkding] : []))
    func cleanupRemovesTheTagsACaseCreated(_ target: ContractTarget) async throws {
        let fixture = try ContractFixture.make(target)
        do {
            try await ContractCase.tagNamesAreCleaned.run(fixture)
            try await ContractCase.createKeepsEveryField.run(fixture)
            #expect(try await fixture.tagsOfThisCase().count >= 8)
            await fixture.removeWhatThisCaseMade()
            #expect(try await fixture.tagsOfThisCase().isEmpty)
            #expect(try await fixture.list().count == 0)
        } catch {
            await fixture.tearDown()
            throw error
        }
        await fixture.tearDown()
    }
}
