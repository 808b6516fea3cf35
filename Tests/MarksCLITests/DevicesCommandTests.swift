import Foundation
import MarksAppAPI
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksCLI

/// `marks devices` (issue 35): lists the `/v1/` apps of the data directory's backend, revokes one or all (their tokens
/// stop working at once), and makes a pairing code the backend on the same data accepts.
@Suite struct DevicesCommandTests {
    @Test func listRevokeAndPair() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(await cli.run(["devices"]) == ExitCode.success)
        #expect(cli.stdout.contains("No app has registered"))

        let database = try LocalData(paths: MarksPaths(environment: cli.environment, currentDirectory: cli.home.path), now: Date.init).database
        let authority = try DeviceAuthority(database: database, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let phone = try authority.register(RegistrationRequest(deviceID: "phone", platform: "ios", appVersion: "2"), presentedSecret: nil,
                                           from: "127.0.0.1").token
        _ = try authority.register(RegistrationRequest(deviceID: "tablet", platform: "ios", appVersion: "2"), presentedSecret: nil, from: "127.0.0.1")

        cli.reset()
        #expect(await cli.run(["devices", "--json"]) == ExitCode.success)
        #expect(cli.stdout.contains(#""device_id":"phone""#) && cli.stdout.contains(#""scope":"anonymous""#))

        cli.reset()
        #expect(await cli.run(["devices", "revoke", "phone"]) == ExitCode.success)
        #expect(cli.stdout.contains("Revoked the token of phone."))
        #expect(throws: AppAPIError.self) { _ = try authority.authenticate(authorization: "Bearer \(phone)") }
        #expect(await cli.run(["devices", "revoke", "phone"]) == ExitCode.failure, "no live token any more")
        #expect(await cli.run(["devices", "revoke"]) == ExitCode.usage)
        #expect(await cli.run(["devices", "revoke", "tablet", "--all"]) == ExitCode.usage)

        cli.reset()
        #expect(await cli.run(["devices", "revoke", "--all"]) == ExitCode.success)
        #expect(cli.stdout.contains("Revoked 1 app token."))

        cli.reset()
        #expect(await cli.run(["devices", "pair"]) == ExitCode.success)
        let code = cli.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code.wholeMatch(of: #/[A-Z2-9]{4}-[A-Z2-9]{4}/#) != nil)
        #expect(try authority.pairing.redeem(code), "the code is in marks.sqlite, where the server looks")
    }
}
