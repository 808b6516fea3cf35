import Compression
import Foundation
import HTMLExtraction
import MarksCore

/// One bookmark as an EPUB 3 book: the package (`content.opf`: identifier, title, creator, language, source, modified
/// date), a navigation document, one XHTML chapter (the title, the site, a link to the page, then the archived
/// article, or the bookmark's description and notes when no text is archived) and the images the chapter shows. Pure
/// text generation; `zip()` writes the container with `mimetype` first and stored, as the OCF spec asks.
public struct EPUBBook: Sendable, Equatable {
    public var identifier: String
    public var title: String
    /// The author or, when none is known, the site.
    public var creator: String
    /// A BCP 47 tag; `und` when the language is not known.
    public var language: String
    public var modified: Date
    public var sourceURL: String
    /// The archived article (the reader's tokens); empty when none is archived.
    public var tokens: [ArticleToken]
    /// Paragraphs shown when there is no article (description, notes).
    public var fallbackParagraphs: [String]
    /// Images the article names, fetched; the rest keep their alt text.
    public var images: [EPUBImage]

    /// A book value.
    public init(identifier: String, title: String, creator: String, language: String = "und", modified: Date, sourceURL: String,
                tokens: [ArticleToken] = [], fallbackParagraphs: [String] = [], images: [EPUBImage] = []) {
        self.identifier = identifier
        self.title = title
        self.creator = creator
        self.language = language
        self.modified = modified
        self.sourceURL = sourceURL
        self.tokens = tokens
        self.fallbackParagraphs = fallbackParagraphs
        self.images = images
    }

    /// The media type of an EPUB.
    public static let mediaType = "application/epub+zip"

    /// The book's files in order, `mimetype` first.
    public func files() -> [(name: String, data: Data)] {
        let kept = keptImages
        var files: [(String, Data)] = [
            ("mimetype", Data(Self.mediaType.utf8)),
            ("META-INF/container.xml", Data(Self.container.utf8)),
            ("OEBPS/content.opf", Data(package(kept).utf8)),
            ("OEBPS/nav.xhtml", Data(navigation.utf8)),
            ("OEBPS/chapter.xhtml", Data(chapter(kept).utf8)),
        ]
        for (index, image) in kept.enumerated() {
            files.append(("OEBPS/" + Self.imagePath(index, image), image.data))
        }
        return files
    }

    /// The EPUB file: a ZIP with `mimetype` first and stored (uncompressed), the rest deflated.
    public func zip() throws(ZipError) -> Data {
        var writer = ZipWriter(modified: modified)
        var out = Data()
        for file in files() {
            out.append(try writer.entry(name: file.name, contents: file.data, stored: file.name == "mimetype"))
        }
        out.append(try writer.finish())
        return out
    }

    // MARK: The parts

    static let container = """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """

    /// Images of a core type, each URL once.
    var keptImages: [EPUBImage] {
        var seen = Set<String>()
        return images.filter { EPUBImage.coreTypes[$0.mediaType] != nil && seen.insert($0.url).inserted }
    }

    static func imagePath(_ index: Int, _ image: EPUBImage) -> String {
        "images/\(index + 1).\(EPUBImage.coreTypes[image.mediaType] ?? "bin")"
    }

    func package(_ kept: [EPUBImage]) -> String {
        let x = XMLText.escape
        var manifest = """
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="chapter" href="chapter.xhtml" media-type="application/xhtml+xml"/>

            """
        for (index, image) in kept.enumerated() {
            manifest += "        <item id=\"image\(index + 1)\" href=\"\(Self.imagePath(index, image))\" media-type=\"\(image.mediaType)\"/>\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(x(language))">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="book-id">\(x(identifier))</dc:identifier>
                <dc:title>\(x(displayTitle))</dc:title>
                <dc:creator>\(x(creator.isEmpty ? "Unknown" : creator))</dc:creator>
                <dc:language>\(x(language))</dc:language>
                <dc:source>\(x(sourceURL))</dc:source>
                <meta property="dcterms:modified">\(Self.timestamp(modified))</meta>
              </metadata>
              <manifest>
            \(manifest)  </manifest>
              <spine>
                <itemref idref="chapter"/>
              </spine>
            </package>

            """
    }

    var navigation: String {
        let title = XMLText.escape(displayTitle)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(language)" lang="\(language)">
            <head><title>\(title)</title></head>
            <body>
            <nav epub:type="toc" id="toc"><h1>Contents</h1><ol><li><a href="chapter.xhtml">\(title)</a></li></ol></nav>
            </body>
            </html>

            """
    }

    func chapter(_ kept: [EPUBImage]) -> String {
        let x = XMLText.escape
        let a = EPUBChapterWriter.xmlAttribute
        var paths: [String: String] = [:]
        for (index, image) in kept.enumerated() { paths[image.url] = Self.imagePath(index, image) }
        var body = "<h1>\(x(displayTitle))</h1>\n"
        if !creator.isEmpty { body += "<p class=\"byline\">\(x(creator))</p>\n" }
        if sourceURL.lowercased().hasPrefix("http://") || sourceURL.lowercased().hasPrefix("https://") {
            body += "<p class=\"source\"><a href=\"\(a(sourceURL))\">\(x(sourceURL))</a></p>\n"
        }
        if tokens.isEmpty {
            for paragraph in fallbackParagraphs where !paragraph.allSatisfy(\.isWhitespace) {
                body += "<p>\(x(paragraph))</p>\n"
            }
        } else {
            body += EPUBChapterWriter.body(tokens, imageSource: { paths[$0] }) + "\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(language)" lang="\(language)">
            <head><title>\(x(displayTitle))</title></head>
            <body>
            \(body)</body>
            </html>

            """
    }

    var displayTitle: String {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? (sourceURL.isEmpty ? "Untitled" : sourceURL) : trimmed
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
