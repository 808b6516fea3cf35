import Compression
import Foundation
import HTTPServer
import Testing
@testable import MarksServer

/// gzip and ETags through the responder: pages, style sheet and script go compressed only to clients that
/// accept gzip (and decompress to exactly the identity body), say `Vary: Accept-Encoding`, and leave tiny
/// bodies and images alone; assets answer `If-None-Match` with 304 for either encoding's tag.
@Suite struct WebCompressionTests {
    static func body(_ response: HTTPResponse) -> Data {
        if case .bytes(let data) = response.body { return data }
        return Data()
    }

    @Test func aPageIsGzippedOnlyForClientsThatAcceptIt() async throws {
        let web = try await WebHarness.make(seed: 30)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        // A search page: the same bytes on every request (the home page's random card is not).
        let plain = try await client.get("/search?q=number&scope=all")
        let packed = try await client.get("/search?q=number&scope=all", headers: [("Accept-Encoding", "gzip, deflate, br")])
        #expect(plain.headers["Content-Encoding"] == nil, "no Accept-Encoding: identity")
        #expect(plain.headers["Vary"]?.contains("Accept-Encoding") == true)
        #expect(packed.headers["Content-Encoding"] == "gzip")
        #expect(packed.headers["Vary"]?.contains("Accept-Encoding") == true)
        #expect(packed.headers["Content-Type"] == "text/html; charset=utf-8")
        let inflated = try Gzip.decompress(Self.body(packed))
        #expect(inflated == Self.body(plain), "the same page, byte for byte")
        #expect(Self.body(packed).count * 3 < inflated.count, "a page of rows shrinks well")
        #expect(String(decoding: inflated, as: UTF8.self).contains("Bookmark number 30"))
    }

    @Test(arguments: ["gzip;q=0", "br", "identity", "gzip; q=0.0, br", "*;q=0"])
    func refusedOrOtherEncodingsGetIdentity(_ accept: String) async throws {
        let web = try await WebHarness.make(seed: 30)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let response = try await client.get("/", headers: [("Accept-Encoding", accept)])
        #expect(response.headers["Content-Encoding"] == nil, "\(accept)")
        #expect(String(decoding: Self.body(response), as: UTF8.self).hasPrefix("<!doctype html>"))
    }

    @Test(arguments: ["gzip", "GZIP;q=1", "deflate, gzip;q=0.5", "*"])
    func acceptedSpellings(_ accept: String) throws {
        let request = try HTTPRequest(method: .get, target: "/", headers: ["Accept-Encoding": accept], body: Data())
        #expect(ResponseCompression.acceptsGzip(request))
    }

    @Test func assetsAreCompressedOnceWithTheirOwnETagAndRevalidate() async throws {
        let web = try await WebHarness.make()
        defer { web.cleanUp() }
        var client = web.anonymous()
        let css = WebAssets.shared.css
        let plain = try await client.get(css.path)
        let packed = try await client.get(css.path, headers: [("Accept-Encoding", "gzip")])
        #expect(plain.status == 200 && packed.status == 200)
        #expect(plain.headers["ETag"] == css.etag && plain.headers["Content-Encoding"] == nil)
        #expect(packed.headers["ETag"] == css.gzipETag && packed.headers["Content-Encoding"] == "gzip")
        #expect(css.etag != css.gzipETag, "two representations, two strong tags")
        #expect(packed.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(packed.headers["Vary"] == "Accept-Encoding" && plain.headers["Vary"] == "Accept-Encoding")
        #expect(try Gzip.decompress(Self.body(packed)) == Self.body(plain))
        #expect(Self.body(packed) == css.gzipped, "served from the copy made at start-up")
        let js = try await client.get(WebAssets.shared.js.path, headers: [("Accept-Encoding", "gzip")])
        #expect(js.headers["Content-Encoding"] == "gzip")
        #expect(try Gzip.decompress(Self.body(js)) == WebAssets.shared.js.body)
        for (tag, encoding) in [(css.etag, nil), (css.gzipETag, "gzip"), ("\"other\", \(css.gzipETag)", "gzip")] as [(String, String?)] {
            var headers = [("If-None-Match", tag)]
            if let encoding { headers.append(("Accept-Encoding", encoding)) }
            let revalidated = try await client.get(css.path, headers: headers)
            #expect(revalidated.status == 304, "\(tag)")
            #expect(revalidated.body == .empty)
            #expect(revalidated.headers["ETag"] == (encoding == nil ? css.etag : css.gzipETag))
        }
        #expect(try await client.get(css.path, headers: [("If-None-Match", "\"stale\"")]).status == 200)
        let sw = try await client.get("/sw.js", headers: [("If-None-Match", WebAssets.shared.serviceWorker.etag)])
        #expect(sw.status == 304 && sw.headers["Cache-Control"] == "no-cache", "fixed paths revalidate by ETag")
    }

    @Test func imagesAndTinyBodiesStayAsTheyAre() async throws {
        let web = try await WebHarness.make(seed: 2)
        defer { web.cleanUp() }
        var client = try await web.signedIn()
        let icon = try await client.get(WebAssets.shared.icon192.path, headers: [("Accept-Encoding", "gzip")])
        #expect(icon.status == 200 && icon.headers["Content-Encoding"] == nil && icon.headers["Vary"] == nil)
        #expect(Self.body(icon) == WebAssets.shared.icon192.body)
        let check = try await client.get("/add/check?url=https%3A%2F%2Fnew.example%2F", headers: [("Accept-Encoding", "gzip"), ("Accept", "application/json")])
        #expect(check.status == 200)
        #expect(Self.body(check).count < ResponseCompression.minimumBytes)
        #expect(check.headers["Content-Encoding"] == nil, "a tiny JSON answer is not worth compressing")
        let redirect = try await client.post("/theme", [("theme", "dark"), ("return", "/")], headers: [("Origin", "http://127.0.0.1:8080"), ("Accept-Encoding", "gzip")])
        #expect(redirect.status == 303 && redirect.headers["Content-Encoding"] == nil)
    }
}
