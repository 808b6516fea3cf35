import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks
import Testing
@testable import MarksServer
import SystemSupport

@Suite struct WebSettingsTests {
    static let fields: [(String, String)] = [("source", "linkding"), ("host", "links.example"), ("port", "9090"), ("path", "/ld"),
                                            ("token", "secret-token"), ("https", "1")]

    @Test func verifyShowsTheExactProblem() async throws {
        let web = try await WebHarness.make(verify: { config in
            guard config.token == "right" else { throw BookmarkSourceError.unauthorized }
            return ServerHealth(version: "1.36.0", status: "healthy")
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let wrong = WebClient.text(try await client.post("/settings/verify", Self.fields))
        #expect(wrong.contains("The API token was refused. Copy it again from linkding"))
        #expect(!wrong.contains("secret-token"), "the token is never echoed")
        #expect(wrong.contains("value=\"links.example\""))
        let right = WebClient.text(try await client.post("/settings/verify", Self.fields.map { $0.0 == "token" ? ("token", "right") : $0 }))
        #expect(right.contains("Connected: linkding 1.36.0"))
        let pasted = WebClient.text(try await client.post("/settings/verify", [("source", "linkding"), ("host", "https://x.example/api/"), ("token", "t")]))
        #expect(pasted.contains("The API token was refused"), "a pasted address is understood and verified")
        let notAnAddress = WebClient.text(try await client.post("/settings/verify", [("source", "linkding"), ("host", "ftp://x.example"), ("token", "t")]))
        #expect(notAnAddress.contains("not an address Marks understands"))
        let badPort = WebClient.text(try await client.post("/settings/verify", [("source", "linkding"), ("host", "x.example"), ("port", "eighty"), ("token", "t")]))
        #expect(badPort.contains("The port must be a number"))
        #expect(!FileManager.default.fileExists(atPath: web.configStore.file.path), "verify writes nothing")
    }

    /// A Verify that fails on the host keeps the token just typed on the server — not in the page — so the next
    /// Verify and Save with the field empty use it.
    @Test func aFailedVerifyKeepsTheTypedTokenWithoutEchoingIt() async throws {
        let web = try await WebHarness.make(verify: { config in
            guard config.host == "links.example" else { throw BookmarkSourceError.unreachable(host: config.host, reason: "no such host") }
            guard config.token == "typed-token" else { throw BookmarkSourceError.unauthorized }
            return ServerHealth(version: "1.36.0", status: "healthy")
        })
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let typo = Self.fields.map { $0.0 == "host" ? ("host", "links.exampel") : $0.0 == "token" ? ("token", "typed-token") : $0 }
        let failed = WebClient.text(try await client.post("/settings/verify", typo))
        #expect(failed.contains("links.exampel"), "the problem is shown")
        #expect(!failed.contains("typed-token"), "the token is never put in the page")
        #expect(failed.contains("The token you typed is kept"))
        let emptied = Self.fields.map { $0.0 == "token" ? ("token", "") : $0 }
        let fixed = WebClient.text(try await client.post("/settings/verify", emptied))
        #expect(fixed.contains("Connected: linkding 1.36.0"), "the kept token is used once the host is right")
        _ = try await client.post("/settings", emptied)
        #expect(try web.configStore.load().linkding?.token == "typed-token")

        var other = try await web.signedIn()
        let elsewhere = WebClient.text(try await other.post("/settings/verify", typo.map { $0.0 == "token" ? ("token", "") : $0 }))
        #expect(!elsewhere.contains("The token you typed is kept"), "another session keeps nothing of this one's")
    }

    /// A Save refused for the port keeps the token just typed, as a failed Verify does: the next Save with the
    /// field empty uses it, and the page says so without showing it.
    @Test func aRefusedSaveKeepsTheTypedTokenWithoutEchoingIt() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let badPort = Self.fields.map { $0.0 == "port" ? ("port", "eighty") : $0.0 == "token" ? ("token", "typed-token") : $0 }
        let refused = WebClient.text(try await client.post("/settings", badPort))
        #expect(refused.contains("The port must be a number"))
        #expect(!refused.contains("typed-token"), "the token is never put in the page")
        #expect(refused.contains("The token you typed is kept"))
        #expect(!FileManager.default.fileExists(atPath: web.configStore.file.path), "a refused Save writes nothing")
        _ = try await client.post("/settings", Self.fields.map { $0.0 == "token" ? ("token", "") : $0 })
        #expect(try web.configStore.load().linkding?.token == "typed-token")
    }

    @Test func savingWritesTheConfigAndKeepsASavedToken() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let saved = WebClient.text(try await client.post("/settings", Self.fields))
        #expect(saved.contains("Restart marks serve"))
        var config = try web.configStore.load()
        #expect(config.linkding == ServerConfig(host: "links.example", port: 9090, path: "/ld", token: "secret-token", useHTTPS: true))
        #expect(AtomicFile.permissions(of: web.configStore.file) == 0o600)

        let page = WebClient.text(try await client.get("/settings"))
        #expect(page.contains("A token is saved"))
        #expect(!page.contains("secret-token"))
        _ = try await client.post("/settings", Self.fields.map { $0.0 == "token" ? ("token", "") : ($0.0 == "host" ? ("host", "other.example") : $0) })
        config = try web.configStore.load()
        #expect(config.linkding?.token == "secret-token")
        #expect(config.linkding?.host == "other.example")

        _ = try await client.post("/settings", [("source", "embedded")])
        #expect(try web.configStore.load().linkding == nil)
    }

    @Test func anotherDeviceGetsAOneTimeLink() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let page = WebClient.text(try await client.post("/settings/device-link"))
        let range = try #require(page.range(of: #"http://127\.0\.0\.1:8080/signin\?token=[A-Za-z0-9_-]+"#, options: .regularExpression))
        let path = String(page[range].dropFirst("http://127.0.0.1:8080".count))
        var phone = web.anonymous()
        #expect(try await phone.get(path).status == 303)
        #expect(try await phone.get("/").status == 200)
        var thief = web.anonymous()
        #expect(try await thief.get(path).status == 403)
    }
}
