import Compression
import Foundation
import MarksAccess
import MarksBookmarks
import MarksCore
import MarksTestSupport
import Testing
@testable import MarksServer

/// KOReader's wallabag plugin against `marks serve` (issue 38 item 4): its sync replayed request by request, with the
/// bodies and headers it sends, each answer checked as it checks them (status 200 and a JSON object starting with `{`),
/// the changes seen in the library, and the EPUB it downloads checked by Debian's `epubcheck`.
@Suite struct WallabagReplayTests {
    @Test func koreaderSyncIsAnsweredAsThePluginExpects() async throws {
        try await WallabagFixture.with { fixture in
            let made = try fixture.clients.add(name: "Kobo Libra", username: "reader")
            // 1. Sign in.
            let signIn = try await fixture.signIn(clientID: made.client.clientID, secret: made.clientSecret, username: "reader", password: made.password)
            #expect(signIn.status == 200, "\(signIn.text)")
            let grant = try #require(signIn.object)
            let token = try #require(grant["access_token"] as? String)
            #expect(grant["expires_in"] as? Int == 3_600)
            #expect(grant["token_type"] as? String == "bearer")
            #expect((grant["refresh_token"] as? String)?.isEmpty == false)
            #expect(try fixture.clients.clients().first?.lastUsed == fixture.clock.now())

            // 2. The offline queue: two URLs, without and with tags.
            let before = try await fixture.allBookmarks()
            let plain = try await fixture.send("POST", "/api/entries.json", json: #"{"url":"https://example.org/queued","tags":""}"#, token: token)
            #expect(plain.status == 200, "\(plain.text)")
            let plainEntry = try #require(plain.object)
            let tagged = try await fixture.send("POST", "/api/entries.json", json: #"{"url":"https://example.org/tagged","tags":"kobo,später"}"#, token: token)
            #expect(tagged.status == 200, "\(tagged.text)")
            let taggedEntry = try #require(tagged.object)
            let taggedID = try #require(taggedEntry["id"] as? Int)
            #expect(Set(Self.labels(taggedEntry)) == ["kobo", "später"])
            let afterSaves = try await fixture.allBookmarks()
            #expect(afterSaves.count == before.count + 2)
            #expect(afterSaves[taggedID]?.unread == true, "a save from the device is unread")
            #expect(afterSaves[plainEntry["id"] as? Int ?? -1]?.tagNames == [])

            // 3. A finished book: review as tags, then archive; another finished book deleted.
            let tags = try await fixture.send("POST", "/api/entries/\(taggedID)/tags.json", json: #"{"tags":"read,★★★★"}"#, token: token)
            #expect(tags.status == 200, "\(tags.text)")
            #expect(Set(Self.labels(try #require(tags.object))) == ["kobo", "später", "read", "★★★★"])
            let archived = try await fixture.send("PATCH", "/api/entries/\(taggedID).json", json: #"{"archive":1}"#, token: token)
            #expect(archived.status == 200, "\(archived.text)")
            #expect(try #require(archived.object)["is_archived"] as? Int == 1)
            let plainID = try #require(plainEntry["id"] as? Int)
            let deleted = try await fixture.send("DELETE", "/api/entries/\(plainID).json", token: token)
            #expect(deleted.status == 200, "\(deleted.text)")
            #expect(try #require(deleted.object)["id"] as? Int == plainID)
            let afterChanges = try await fixture.allBookmarks()
            #expect(afterChanges[taggedID]?.isArchived == true)
            #expect(afterChanges[taggedID]?.unread == false, "archiving from the device marks read")
            #expect(afterChanges[plainID] == nil, "deleted: in the trash")
            let trash = try await fixture.web.library.trash()
            #expect(trash.contains { $0.bookmark.id == plainID })

            // 4. The list, page by page, as the plugin walks it.
            let live = try await fixture.web.library.load(LibraryFilter(limit: 1_000)).bookmarks
            #expect(live.count == 34)
            var seen: [Int] = []
            var page = 1
            var pages = 1
            repeat {
                let reply = try await fixture.send("GET", "/api/entries.json?archive=0&page=\(page)&perPage=30", token: token)
                #expect(reply.status == 200, "\(reply.text)")
                let list = try #require(reply.object)
                pages = try #require(list["pages"] as? Int)
                #expect(list["page"] as? Int == page)
                #expect(list["total"] as? Int == 34)
                let items = try #require((list["_embedded"] as? [String: Any])?["items"] as? [[String: Any]])
                for item in items {
                    #expect(item["mimetype"] as? String == "text/html")
                    #expect(item["is_archived"] as? Int == 0)
                    #expect(item["url"] is String && item["title"] is String && item["updated_at"] is String && item["created_at"] is String)
                    #expect(item["tags"] is [[String: Any]])
                    if item["url"] as? String != fixture.articleURL { #expect(item["reading_time"] as? Int == 0, "no text kept: no reading time") }
                }
                seen += items.compactMap { $0["id"] as? Int }
                page += 1
            } while page <= pages
            #expect(pages == 2)
            #expect(seen == live.map(\.id), "every live bookmark once, newest first")
            #expect(!seen.contains(taggedID))
            let past = try await fixture.send("GET", "/api/entries.json?archive=0&page=3&perPage=30", token: token)
            #expect(past.status == 404)
            #expect(past.object?["error"] as? String == "not_found")
            // The plugin puts its filter tag into the address as typed, not percent-encoded.
            let byTag = try await fixture.send("GET", "/api/entries.json?archive=0&page=1&perPage=30&tags=vögel", token: token)
            #expect(byTag.status == 200, "\(byTag.text)")
            let tagItems = (byTag.object?["_embedded"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
            #expect(tagItems.map { $0["url"] as? String } == [fixture.articleURL])
            let minutes = tagItems.first?["reading_time"] as? Int ?? 0
            #expect(minutes >= 1, "the archived article's reading time, from its words: \(minutes)")
            let starred = try await fixture.send("GET", "/api/entries.json?archive=0&starred=1&page=1&perPage=30", token: token)
            #expect(starred.status == 200 && starred.object?["total"] as? Int == 0, "Marks has no stars")

            // 5. The book of the archived article: a valid EPUB with its image and its text.
            let articleID = try #require(live.first { $0.url == fixture.articleURL }?.id)
            let book = try await fixture.send("GET", "/api/entries/\(articleID)/export.epub", token: token)
            #expect(book.status == 200)
            #expect(book.headers["Content-Type"] == "application/epub+zip")
            let file = fixture.directory.file("[w-id_\(articleID)] Grüße.epub")
            try book.body.write(to: file)
            try Self.expectLaidOut(book.body)
            let chapter = try Self.entry("OEBPS/chapter.xhtml", of: file)
            #expect(chapter.contains("東京 hat auch Reiher"))
            #expect(chapter.contains(#"<img src="images/1.png" alt="Ein Graureiher""#))
            #expect(chapter.contains("Ein fehlendes Bild"), "an image that failed keeps its alt text")
            #expect(!chapter.contains("missing.png"))
            #expect(try Self.entry("OEBPS/content.opf", of: file).contains("<dc:title>Grüße aus Köln: 東京 &amp; &lt;Reiher&gt;</dc:title>"))
            try await Self.epubcheck(file)

            // A bookmark without archived text still makes a valid book, from its description.
            let other = try #require(live.first { $0.url.hasSuffix("/article/7") }?.id)
            let plainBook = try await fixture.send("GET", "/api/entries/\(other)/export.epub", token: token)
            #expect(plainBook.status == 200)
            let plainFile = fixture.directory.file("[w-id_\(other)] plain.epub")
            try plainBook.body.write(to: plainFile)
            #expect(try Self.entry("OEBPS/chapter.xhtml", of: plainFile).contains("Description of 7."))
            try await Self.epubcheck(plainFile)
        }
    }

    /// A page with every element the reader keeps, nested as HTML does not allow, still makes a book epubcheck passes.
    @Test func aTangledPageMakesAValidBook() async throws {
        try await WallabagFixture.with { fixture in
            let url = fixture.site.baseURL.absoluteString + "/tangled"
            let article = try await fixture.archive.article(for: url)
            #expect(article.content?.tokens.isEmpty == false)
            let bookmark = Bookmark(id: 7, url: url, title: "", description: "", isArchived: false, unread: true, tagNames: [],
                                    dateAdded: Date(timeIntervalSince1970: 1_800_000_000), dateModified: Date(timeIntervalSince1970: 1_800_000_000))
            let file = fixture.directory.file("tangled.epub")
            try await fixture.exporter.epub(for: bookmark).write(to: file)
            let chapter = try Self.entry("OEBPS/chapter.xhtml", of: file)
            #expect(chapter.contains("<dt>Term a heading in a term</dt>"), "a heading in a term unwrapped: \(chapter)")
            #expect(chapter.contains("<dd>loose</dd></dl>"), "loose text in a list of terms gets its item")
            #expect(chapter.contains("<caption>Herons by size</caption><thead>"))
            #expect(chapter.contains(#"<figure>A caption first<img src="images/1.png" alt="" width="600" height="400"/></figure>"#))
            #expect(chapter.contains("<br/>") && chapter.contains("<hr/>"))
            try await Self.epubcheck(file)
        }
    }

    // MARK: Helpers

    static func labels(_ entry: [String: Any]) -> [String] {
        (entry["tags"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    /// OCF's rules for the container: `mimetype` first, stored, no extra field, then the rest.
    static func expectLaidOut(_ data: Data) throws {
        let bytes = [UInt8](data)
        #expect(Array(bytes.prefix(4)) == [0x50, 0x4B, 0x03, 0x04])
        #expect(bytes[8] == 0 && bytes[9] == 0, "mimetype stored")
        #expect(bytes[28] == 0 && bytes[29] == 0, "no extra field")
        #expect(String(decoding: bytes[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: bytes[38..<58], as: UTF8.self) == "application/epub+zip")
    }

    static func entry(_ name: String, of file: URL) throws -> String {
        let archive = try ZipArchive(url: file)
        let entry = try #require(archive.entry(named: name), "\(name) in the book")
        return String(decoding: try archive.contents(of: entry), as: UTF8.self)
    }

    /// Debian's `epubcheck` on `file`: any error or warning fails. Missing, it fails too (`make test-deps` installs it).
    /// Its `/usr/bin/epubcheck` is an executable jar that needs binfmt_misc, so the jar is run with `java -jar`.
    static func epubcheck(_ file: URL) async throws {
        let jar = "/usr/share/java/epubcheck.jar"
        let java = try #require(ChildProcess.which("java"), "java is not installed: make test-deps installs epubcheck and its runtime")
        #expect(FileManager.default.fileExists(atPath: jar), "epubcheck is not installed: make test-deps (scripts/debian-packages.txt)")
        let result = try await ChildProcess.run(java, ["-jar", jar, file.path], timeout: 300)
        #expect(result.status == 0, "epubcheck:\n\(result.stdout.suffix(4000))\n\(result.stderr.suffix(4000))")
        #expect(!result.stdout.contains("WARNING") && !result.stderr.contains("WARNING"), "\(result.stdout.suffix(4000))\(result.stderr.suffix(4000))")
    }
}
