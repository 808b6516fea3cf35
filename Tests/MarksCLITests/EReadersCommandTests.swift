import Foundation
import MarksAccess
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksCLI

/// `marks ereaders`: adds a KOReader client in the data directory's `marks.sqlite` (where `marks serve` looks) and
/// prints its credentials once, which then sign in; lists it without them; revokes it so they fail at once.
@Suite struct EReadersCommandTests {
    @Test func addListAndRevoke() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        #expect(await cli.run(["ereaders"]) == ExitCode.success)
        #expect(cli.stdout.contains("No e-reader has been added"))

        cli.reset()
        #expect(await cli.run(["ereaders", "add", "--name", "Kobo", "--username", "reader", "--json"]) == ExitCode.success)
        let made = try #require(try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
        let clientID = try #require(made["client_id"] as? String)
        let secret = try #require(made["client_secret"] as? String)
        let password = try #require(made["password"] as? String)
        let id = try #require(made["id"] as? Int)
        let database = try LocalData(paths: MarksPaths(environment: cli.environment, currentDirectory: cli.home.path), now: Date.init).database
        let clients = try EReaderClients(database: database, now: Date.init)
        _ = try clients.grant(clientID: clientID, clientSecret: secret, username: "reader", password: password)

        cli.reset()
        #expect(await cli.run(["ereaders"]) == ExitCode.success)
        #expect(cli.stdout.contains("Kobo") && cli.stdout.contains(clientID))
        #expect(!cli.stdout.contains(secret) && !cli.stdout.contains(password))

        #expect(await cli.run(["ereaders", "add", "--name", String(repeating: "x", count: 101)]) == ExitCode.usage)
        #expect(try clients.clients().count == 1)

        cli.reset()
        #expect(await cli.run(["ereaders", "revoke", String(id)]) == ExitCode.success)
        #expect(throws: EReaderAuthError.invalidClient) {
            _ = try clients.grant(clientID: clientID, clientSecret: secret, username: "reader", password: password)
        }
        #expect(await cli.run(["ereaders", "revoke", String(id)]) == ExitCode.failure)
        #expect(await cli.run(["ereaders", "revoke", "abc"]) == ExitCode.usage)
    }
}
