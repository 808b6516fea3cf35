import Foundation
import HTTPServer
import MarksAccess
import MarksAppAPI
import MarksBookmarks
import MarksCore
import MarksFetch
import MarksReading
import MarksTestSupport
import SQLiteDatabase
@testable import MarksServer

/// `marks serve`'s wallabag endpoints on a real server on port 0, as the composition root builds them: the web
/// harness's library over the embedded store, e-reader clients and a page archive in SQLite files of their own, books
/// made by the real `EPUBExporter`, and a stand-in site on loopback serving an article (non-ASCII text, an image) that
/// the archive stores before the device asks. The clients' clock is a `ManualClock`, so expiry is tested without waiting.
struct WallabagFixture {
    let web: WebHarness
    let clients: EReaderClients
    let clientsDatabase: Database
    let clock: ManualClock
    let server: LiveServer
    let site: LiveServer
    let articleURL: String
    let directory: TemporaryDirectory
    let archive: PageArchive
    let exporter: EPUBExporter

    /// A 1×1 PNG.
    static let pixel = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==") ?? Data()

    static let article = """
        <!doctype html><html lang="de"><head><meta charset="utf-8"><title>Grüße aus Köln</title></head><body><article>
        <h1>Grüße aus Köln</h1>
        <p>Die Reiher am Rhein ziehen im Oktober nach Süden — 東京 hat auch Reiher. Ça va &amp; “Anführungszeichen”.</p>
        <figure><img src="/heron.png" alt="Ein Graureiher" width="600" height="400"><figcaption>Ein Graureiher am Ufer</figcaption></figure>
        <p>Sie nisten im Schilf <div>und kehren</div> jedes Frühjahr zurück, <a href="/more">mehr dazu</a>.</p>
        <ul><li>Graureiher</li>lose Zeile<li>Silberreiher <strong>groß</strong></li></ul>
        <p>Vorher <img src="/missing.png" alt="Ein fehlendes Bild" width="300" height="200"> nachher.</p>
        <table><tr><td>Art</td><td>Länge</td></tr><tr><td>Graureiher</td><td>95 cm</td></tr></table>
        <p>Schluss.</p></article></body></html>
        """

    /// A page whose nesting HTML's content models do not allow, and every element the reader keeps.
    static let tangled = """
        <!doctype html><html><head><title>Tangled</title></head><body><article><h1>Tangled markup</h1>
        <p>Intro <b>bold <i>both</b> italic</i> text, long enough to be the article's body and not its boilerplate.</p>
        <table><caption>Herons by size</caption><thead><tr><th scope="col">Name</th><th>Size</th></tr></thead>
        <tbody><tr><td><p>Grey heron</p></td><td><ul><li>95 cm</li></ul></td></tr><tr><td colspan="2">All of them</td></tr></tbody></table>
        <dl><dt>Term <h3>a heading in a term</h3></dt><dd><p>The definition of the term, in a paragraph.</p></dd>loose</dl>
        <ol start="3"><li>three<ol><li>nested</li></ol></li></ol>
        <blockquote><p>A quote about herons standing still in the water for hours.</p><cite>Someone</cite></blockquote>
        <pre><code>let x = 1 &lt; 2 &amp;&amp; y</code></pre>
        <h2><a href="https://example.com/x">A heading that is a link</a></h2>
        <p><a href="https://a.example/">an <a href="https://b.example/">inner</a> link</a> and <q>quoted</q> <abbr title="Graureiher">GR</abbr>
        <sub>2</sub><sup>3</sup> <del>gone</del> <ins>new</ins> <mark>marked</mark> <small>small</small> <kbd>Ctrl</kbd> <samp>out</samp></p>
        <figure><figcaption>A caption first</figcaption><img src="/heron.png" alt="" width="600" height="400"></figure>
        <p>Emoji 🦩, right to left שלום, combining e\u{301}, a form feed \u{0C} and a zero-width joiner \u{200D}.</p>
        <hr><p>After the rule.<br>After a break.</p>
        </article></body></html>
        """

    static func with(signInLimit: RateLimit = WallabagAPI.signInLimit, _ body: (WallabagFixture) async throws -> Void) async throws {
        let site = try LiveServer { request, _ in
            switch request.path {
            case "/heron.png": HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: .bytes(WallabagFixture.pixel))
            case "/article": HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(WallabagFixture.article.utf8)))
            case "/tangled": HTTPResponse(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .bytes(Data(WallabagFixture.tangled.utf8)))
            default: HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: .bytes(Data("no".utf8)))
            }
        }
        let articleURL = site.baseURL.absoluteString + "/article"
        let web = try await WebHarness.make(prepare: { source in
            try await source.seed(33)
            try await source.insert(Bookmark(id: 0, url: articleURL, title: "Grüße aus Köln: 東京 & <Reiher>", description: "Über Reiher.",
                                             unread: true, tagNames: ["vögel"], dateAdded: Date(), dateModified: Date()))
        })
        let directory = try TemporaryDirectory(prefix: "marks-wallabag")
        let clock = ManualClock(start: Date(timeIntervalSince1970: 1_800_000_000))
        let clientsDatabase = try Database(path: directory.file("clients.sqlite").path)
        let clients = try EReaderClients(database: clientsDatabase, now: clock.now)
        let fetcher = PageFetcher(policy: FetchPolicy(allowInternalAddresses: true))
        let archive = try PageArchive(database: try Database(path: directory.file("archive.sqlite").path), fetcher: fetcher, now: { Date() })
        _ = try await archive.article(for: articleURL)
        let exporter = EPUBExporter(archive: archive, images: ImageFetcher(fetcher: fetcher))
        let library = web.library
        let api = WallabagAPI(clients: clients, library: { library }, epub: { try await exporter.epub(for: $0) },
                              wordCounts: { (try? archive.wordCounts(urls: $0)) ?? [:] },  // safe: a test archive; the assertion reads the result
                              preferences: WallabagAPI.Preferences(archiveMarksRead: { true }, newSavesUnread: { true }),
                              signIns: SlidingWindowLimiter(limit: signInLimit, now: clock.now))
        var context = MarksApp.Context(version: "test", logError: { _ in })
        context.wallabag = api
        let server = try LiveServer(serving: MarksApp(context: context).router)
        let fixture = WallabagFixture(web: web, clients: clients, clientsDatabase: clientsDatabase, clock: clock, server: server, site: site,
                                      articleURL: articleURL, directory: directory, archive: archive, exporter: exporter)
        do {
            try await body(fixture)
        } catch {
            await fixture.stop()
            throw error
        }
        await fixture.stop()
    }

    func stop() async {
        await server.stop()
        await site.stop()
        web.cleanUp()
        directory.cleanUp()
    }

    struct Reply {
        let status: Int
        let headers: HTTPHeaders
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        /// The body as the plugin reads it: a JSON object that starts with `{`, else nil.
        var object: [String: Any]? {
            guard body.first == UInt8(ascii: "{") else { return nil }
            return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }
    }

    /// One request as KOReader's wallabag plugin sends it: with a body, `Content-type: application/json`, `Accept` and
    /// `Content-Length`; without one (its list, download and DELETE calls) only the bearer token.
    func send(_ method: String, _ path: String, json: String? = nil, token: String? = nil,
              contentType: String = "application/json") async throws -> Reply {
        let body = Data((json ?? "").utf8)
        var head = "\(method) /wallabag\(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
        if json != nil { head += "Content-type: \(contentType)\r\nAccept: application/json, */*\r\nContent-Length: \(body.count)\r\n" }
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        head += "\r\n"
        let reply = try await RawHTTP.exchange(port: server.port, Data(head.utf8) + body, timeoutSeconds: 60)
        return Reply(status: reply.status, headers: reply.headers, body: reply.body)
    }

    /// The token request exactly as the plugin encodes it.
    func signIn(clientID: String, secret: String, username: String, password: String) async throws -> Reply {
        let body = #"{"grant_type":"password","client_id":"\#(clientID)","client_secret":"\#(secret)","username":"\#(username)","password":"\#(password)"}"#
        return try await send("POST", "/oauth/v2/token", json: body)
    }

    /// Every bookmark of the store, live and archived, by id.
    func allBookmarks() async throws -> [Int: Bookmark] {
        var found: [Int: Bookmark] = [:]
        for archived in [false, true] {
            for bookmark in try await web.library.load(LibraryFilter(archived: archived, limit: 1_000)).bookmarks { found[bookmark.id] = bookmark }
        }
        return found
    }

    /// Rows of the tokens table.
    func tokenRows() throws -> Int {
        try clientsDatabase.read { db in try db.queryOne("SELECT count(*) AS n FROM ereader_tokens")?.int("n") ?? -1 }
    }
}
