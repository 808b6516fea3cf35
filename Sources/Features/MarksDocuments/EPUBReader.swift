import Compression
import Foundation
import HTMLExtraction

/// The text of an EPUB book: the ZIP is read in place (nothing is unpacked to disk), `META-INF/container.xml`
/// names the OPF package, whose spine lists the XHTML chapters in reading order; each chapter's readable text
/// becomes one "page" (so a citation can say "chapter 3"), and the OPF's `dc:title` is the book's title.
/// Hostile books (a zip bomb, thousands of entries, `../` in a path, a missing or garbled OPF) end in an
/// extraction without text and the reason; the source is kept.
struct EPUBReader {
    /// What reading may cost.
    var limits = ZipArchive.Limits(maximumEntries: 10_000, maximumEntryBytes: 16 << 20, maximumTotalBytes: 256 << 20)
    /// Chapters read at most (the rest of the spine is left out, and the note says so).
    var maximumChapters = 2_000
    /// UTF-8 bytes of text after which no further chapter is read (the extractor cuts the text to its limit).
    var maximumTextBytes = DocumentLimits().maximumTextBytes

    static let mediaType = "application/epub+zip"

    /// The book's chapters as pages, or no text and why.
    func read(_ file: URL) -> (extraction: Extraction, title: String?) {
        do {
            return try readBook(file)
        } catch let error as EPUBProblem {
            return (.none(kind: .file, mediaType: Self.mediaType, reason: error.reason), nil)
        } catch let error as ZipError {
            return (.none(kind: .file, mediaType: Self.mediaType, reason: "the EPUB could not be read: \(error.description)"), nil)
        } catch {
            return (.none(kind: .file, mediaType: Self.mediaType, reason: "the EPUB could not be read: \(error)"), nil)
        }
    }

    private struct EPUBProblem: Error {
        let reason: String
    }

    private func readBook(_ file: URL) throws -> (extraction: Extraction, title: String?) {
        let archive = try ZipArchive(url: file, limits: limits)
        guard let container = archive.entry(named: "META-INF/container.xml") else {
            throw EPUBProblem(reason: "the EPUB has no META-INF/container.xml (not an EPUB, or a damaged one)")
        }
        let containerXML = try outline(archive, container, what: "META-INF/container.xml")
        guard let packagePath = containerXML.elements(named: "rootfile").lazy.compactMap({ $0.attributes["full-path"] }).first,
              let opfPath = Self.resolve(packagePath, from: ""), let opf = archive.entry(named: opfPath) else {
            throw EPUBProblem(reason: "the EPUB's container.xml names no package (OPF) file inside the book")
        }
        let package = try outline(archive, opf, what: "its package file (\(ZipArchive.shown(opfPath)))")
        let title = package.elements.first { $0.name == "title" && $0.namespace == "http://purl.org/dc/elements/1.1/" && !$0.text.isEmpty }?.text
        var manifest: [String: (href: String, mediaType: String)] = [:]
        for item in package.elements(named: "item") {
            guard let id = item.attributes["id"], let href = item.attributes["href"] else { continue }
            if manifest[id] == nil { manifest[id] = (href, item.attributes["media-type"] ?? "") }
        }
        let spine = package.elements(named: "itemref").compactMap { $0.attributes["idref"] }
        guard !spine.isEmpty else { throw EPUBProblem(reason: "the EPUB's package file has no spine (no chapters to read)") }
        let base = opfPath.split(separator: "/").dropLast().joined(separator: "/")
        var chapters: [String] = []
        var problems: [String] = []
        var textBytes = 0
        for idref in spine.prefix(maximumChapters) {
            guard textBytes <= maximumTextBytes else {
                problems.append("only the first \(chapters.count) of \(spine.count) chapters were read (the text limit)")
                break
            }
            guard let item = manifest[idref] else { problems.append("a spine entry names no manifest item"); chapters.append(""); continue }
            guard item.mediaType.isEmpty || item.mediaType.contains("html") else { chapters.append(""); continue }
            guard let path = Self.resolve(item.href, from: base) else {
                problems.append("“\(ZipArchive.shown(item.href))” points outside the book"); chapters.append(""); continue
            }
            guard let entry = archive.entry(named: path) else {
                problems.append("“\(ZipArchive.shown(path))” is missing"); chapters.append(""); continue
            }
            let bytes = try archive.contents(of: entry)
            let text = Self.chapterText(bytes)
            textBytes += text.utf8.count
            chapters.append(text)
        }
        if spine.count > maximumChapters { problems.append("only the first \(maximumChapters) of \(spine.count) chapters were read") }
        let empty = chapters.filter(\.isEmpty).count
        let body = chapters.filter { !$0.isEmpty }.joined(separator: "\n\n")
        var notes: [String] = []
        if body.isEmpty {
            notes.append("no text could be extracted: the book's chapters have no text")
        } else if empty > 0 {
            notes.append("\(empty) of \(chapters.count) chapters have no text")
        }
        if !problems.isEmpty { notes.append(Array(Set(problems)).sorted().prefix(5).joined(separator: "; ")) }
        let extraction = Extraction(kind: .file, mediaType: Self.mediaType, text: body, pages: body.isEmpty ? [] : chapters,
                                    pageCount: chapters.count, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        return (extraction, title)
    }

    private func outline(_ archive: ZipArchive, _ entry: ZipArchive.Entry, what: String) throws -> XMLOutline {
        let bytes = try archive.contents(of: entry)
        do {
            return try XMLOutline(xml: bytes)
        } catch {
            throw EPUBProblem(reason: "the EPUB's \(what) is not well-formed XML")
        }
    }

    /// A chapter's readable text; its visible text when the readability pass keeps nothing (a short chapter).
    static func chapterText(_ bytes: [UInt8]) -> String {
        do {
            let document = try HTMLDocument(html: bytes)
            let readable = document.readableText().text
            if !readable.isEmpty { return readable }
            return document.visibleText.trimmingCharacters(in: .whitespacesAndNewlines)
        } catch {
            return ""
        }
    }

    /// `href` (percent-encoded, relative to the directory `base`) as an entry name, or nil when it is absolute,
    /// has a scheme, a NUL, or climbs out of the book with `..`. A fragment (`#part`) is dropped.
    static func resolve(_ href: String, from base: String) -> String? {
        let withoutFragment = String(href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard let decoded = withoutFragment.removingPercentEncoding, !decoded.isEmpty, !decoded.contains("\0"),
              !decoded.hasPrefix("/"), !decoded.contains(":"), !decoded.contains("\\") else { return nil }
        var parts = base.split(separator: "/").map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}
