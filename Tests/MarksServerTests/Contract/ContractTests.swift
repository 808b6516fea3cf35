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
}
