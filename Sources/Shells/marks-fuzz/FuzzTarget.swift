import Foundation
import HTMLExtraction
@testable import HTTPServer
@testable import MarksCore
import MarksBookmarks
import MarksReading
@testable import MarksServer

/// The parsers `make fuzz` runs under libFuzzer, each fed arbitrary bytes. A target fails when its parser crashes,
/// hangs or breaks a rule that must hold whatever the input (`expect`); a thrown error is a clean refusal.
enum FuzzTarget: String, CaseIterable {
    case searchQuery = "search-query"
    case netscape
    case ingest
    case multipart
    case multipartStream = "multipart-stream"
    case form
    case json
    case bookmarkPage = "bookmark-page"
    case html
    case date
    case deepLink = "deep-link"
    case range
    case url
    case feed
    case importCSV = "import-csv"
    case importJSON = "import-json"
    case omnivoreZip = "omnivore-zip"

    /// Runs the target on one input.
    func run(_ data: Data) {
        switch self {
        case .searchQuery:
            _ = SearchQuery.parse(Self.text(data))
        case .netscape:
            _ = try? NetscapeBookmarkFile.parse(Self.text(data), foldersAsTags: data.first.map { $0 & 1 == 1 } ?? false)  // safe: a refused input is the expected answer; the target looks for crashes
        case .ingest:
            ingest(data)
        case .multipart:
            _ = try? MultipartFormParser.parse(data, boundary: "fuzzboundary")  // safe: a refused input is the expected answer; the target looks for crashes
        case .multipartStream:
            multipartStream(data)
        case .form:
            let parameters = QueryParameters(encoded: Self.text(data))
            for (name, value) in parameters { _ = (name.count, value.count) }
        case .json:
            _ = try? PythonJSONParser.parse(data)  // safe: a refused input is the expected answer; the target looks for crashes
        case .bookmarkPage:
            // The client's fast reader takes only pages JSONDecoder reads to the same value (it leaves the rest to it).
            if let page = BookmarkPageReader.page(data) {
                let decoded = try? JSONDecoder().decode(Page<Bookmark>.self, from: data)  // safe: a failed decode is nil, which the expectation reports
                expect(decoded == page, "a page BookmarkPageReader reads decodes to the same value with JSONDecoder")
            }
        case .html:
            guard let document = try? HTMLDocument(html: data, url: URL(string: "https://example.com/a/b")) else { return }  // safe: unparsable input is the expected answer
            _ = document.article()
            _ = document.readableText()
            _ = document.metadata
            _ = document.visibleText
        case .date:
            let text = Self.text(data)
            if let date = LinkdingDate.parse(text) {
                expect(LinkdingDate.parse(LinkdingDate.format(date)) != nil, "a formatted date reads back")
            }
            _ = FieldReader.parseDateTime(text)
        case .deepLink:
            _ = try? MarksDeepLink.parse(Self.text(data))  // safe: the fuzzer looks for crashes; a refused link is the expected answer
        case .range:
            range(data)
        case .url:
            let text = Self.text(data)
            let once = URLNormalizer.normalize(text)
            let twice = URLNormalizer.normalize(once)
            expect(twice == once, "normalising twice changes nothing: \(text.debugDescription) → \(once.debugDescription) → \(twice.debugDescription)")
            expect(once == URLNormalizer.normalizeParsing(text), "the plain-URL shortcut agrees with the parser: \(text.debugDescription)")
            _ = HostDisplay.url(text)
            expect(URLNormalizer.isValidWebURL(text) == URLNormalizer.isValidWebURLParsing(text, allowDotlessHosts: false),
                   "the plain-URL shortcut validates as the parser does: \(text.debugDescription)")
        case .feed:
            // A followed feed (RSS, RDF, Atom) and an OPML list: refused whole, or every item an http(s) link with a key.
            let bytes = [UInt8](data)
            if let feed = try? FeedDocument(bytes: bytes, url: URL(string: "https://example.com/feed.xml")!) {  // safe: a refused feed is the expected answer; a literal URL
                for entry in feed.entries {
                    expect(entry.link.hasPrefix("http://") || entry.link.hasPrefix("https://"), "an item's link is http(s): \(entry.link.debugDescription)")
                    expect(!entry.key.isEmpty, "an item has a key")
                }
            }
            _ = try? OPMLDocument(bytes: bytes)  // safe: a refused list is the expected answer; the target looks for crashes
        case .importCSV:
            // The first byte picks the reader (Pocket, Instapaper, Readwise Reader), the rest is the file.
            guard let first = data.first else { return }
            let formats: [ImportFormat] = [.pocketCSV, .instapaper, .readwise]
            importFile(Self.text(data.dropFirst()), as: formats[Int(first) % formats.count])
        case .importJSON:
            guard let first = data.first else { return }
            let formats: [ImportFormat] = [.wallabag, .omnivore, .karakeep, .linkwarden]
            let text = Self.text(data.dropFirst())
            importFile(text, as: formats[Int(first) % formats.count])
            importFile(text, as: ImportFormat.detect(text))
        case .omnivoreZip:
            omnivoreZip(data)
        }
    }

    /// Another service's export read as `format`: a clean refusal (`ImportFormatError`), or entries whose every
    /// address is http(s) and whose every highlight has a quote and fits a Marks highlight.
    private func importFile(_ text: String, as format: ImportFormat) {
        guard var reader = try? BookmarkFileReader(text, format: format) else { return }  // safe: a refused file is the expected answer
        while true {
            let part = reader.next(100)
            if part.isEmpty { break }
            for entry in part {
                let scheme = entry.url.prefix(8).lowercased()
                expect(scheme.hasPrefix("http://") || scheme.hasPrefix("https://"), "only web addresses are kept: \(entry.url.debugDescription)")
                expect(entry.highlights.allSatisfy { !$0.quote.isEmpty && $0.fits }, "every highlight has a quote and fits")
            }
        }
        _ = try? reader.finish()  // safe: only a Netscape file throws here
    }

    /// The bytes as an Omnivore ZIP (written to a file: the ZIP reader reads files): a clean refusal, or JSON that the
    /// Omnivore reader takes or refuses cleanly.
    private func omnivoreZip(_ data: Data) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("marks-fuzz-\(getpid()).zip")
        defer { try? FileManager.default.removeItem(at: url) }  // safe: a leftover temporary file is harmless
        guard (try? data.write(to: url)) != nil else { return }  // safe: no file, nothing to fuzz
        guard let json = try? OmnivoreArchive.metadataJSON(at: url) else { return }  // safe: a refused archive is the expected answer
        importFile(json, as: .omnivore)
    }

    private func ingest(_ data: Data) {
        guard let kind = data.first else { return }
        let body = data.dropFirst()
        let payload: IngestPayload = switch kind % 5 {
        case 0: .url(Self.text(body))
        case 1: .html(Self.text(body), baseURL: URL(string: "https://example.com/"))
        case 2: .rtf(Data(body))
        case 3: .plainText(Self.text(body))
        default: .textAttachment(Data(body), filename: kind & 8 == 0 ? "note.rtf" : nil)
        }
        _ = try? IngestPayloadParser.parse([payload])  // safe: the fuzzer looks for crashes; a refused payload is the expected answer
    }

    /// The body fed in pieces whose sizes come from the input's first byte, so delimiters fall across them.
    private func multipartStream(_ data: Data) {
        guard let first = data.first else { return }
        let step = Int(first % 31) + 1
        let body = [UInt8](data.dropFirst())
        var parser = MultipartStreamParser(boundary: "fuzzboundary")
        var start = 0
        while start < body.count {
            let end = min(body.count, start + step)
            let failed = body[start..<end].withUnsafeBytes { piece in
                do {
                    try parser.feed(piece) { _ in }
                    return false
                } catch {
                    return true
                }
            }
            if failed { return }
            start = end
        }
    }

    /// A Range header against a size from the input's first eight bytes: every range it grants lies inside the file.
    private func range(_ data: Data) {
        guard data.count >= 8 else { return }
        let size = data.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) } % (1 << 40)
        switch ByteRange(header: Self.text(data.dropFirst(8)), size: size) {
        case .whole, .unsatisfiable:
            break
        case .partial(let range):
            expect(!range.isEmpty && range.upperBound <= size, "a granted range lies inside the file")
        case .several(let ranges):
            expect(ranges.allSatisfy { !$0.isEmpty && $0.upperBound <= size }, "every granted range lies inside the file")
            expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "ranges are sorted and apart")
        }
    }

    private static func text(_ data: some Collection<UInt8>) -> String { String(decoding: data, as: UTF8.self) }

    private func expect(_ condition: Bool, _ rule: String) {
        if !condition { fatalError("\(rawValue): \(rule)") }  // safe: a broken rule must stop the fuzzer, which keeps the input
    }
}
