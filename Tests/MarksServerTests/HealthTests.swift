import Foundation
import HTTPServer
import MarksServer
import Testing

/// `/healthz` reports the backend's database: 200 with its kind, version and the look's time when it answers, 503
/// (and no detail) when it does not, so a load balancer takes the worker out.
@Suite struct HealthTests {
    static func health(_ database: DatabaseHealth?) async throws -> (status: Int, body: [String: Any]) {
        var context = MarksApp.Context(version: "9.9", logError: { _ in })
        if let database { context.databaseHealth = { database } }
        let response = try await MarksApp(context: context).router.respond(to: try HTTPRequest(method: .get, target: "/healthz"))
        guard case .bytes(let data) = response.body else { throw HealthFailure() }
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (response.status, body)
    }

    @Test func aDatabaseThatAnswersIsReported() async throws {
        let (status, body) = try await Self.health(DatabaseHealth(kind: "postgresql", ok: true, serverVersion: 150018, elapsed: .milliseconds(2)))
        #expect(status == 200)
        #expect(body["status"] as? String == "ok")
        let database = try #require(body["database"] as? [String: Any])
        #expect(database["kind"] as? String == "postgresql" && database["ok"] as? Bool == true)
        #expect(database["server_version"] as? Int == 150018 && database["ms"] as? Double == 2)
    }

    @Test func aDatabaseThatDoesNotAnswerMakesTheWorkerUnavailable() async throws {
        let (status, body) = try await Self.health(DatabaseHealth(kind: "postgresql", ok: false, serverVersion: nil, elapsed: .seconds(5)))
        #expect(status == 503)
        #expect(body["status"] as? String == "unavailable")
        #expect((body["database"] as? [String: Any])?["ok"] as? Bool == false)
    }

    @Test func withoutADatabaseCheckTheAnswerIsAsBefore() async throws {
        let (status, body) = try await Self.health(nil)
        #expect(status == 200 && body["status"] as? String == "ok" && body["version"] as? String == "9.9" && body["database"] == nil)
    }
}

private struct HealthFailure: Error {}
