import Foundation
import MarksTestSupport

/// EPUB books for tests: `mimetype` first and stored, `META-INF/container.xml`, an OPF with `dc:title`, a manifest
/// and a spine, and XHTML chapters.
enum TestEPUB {
    static let container = """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """

    /// A book titled `title` whose spine lists `chapters` in order (each: file name under OEBPS/, heading, paragraphs);
    /// `extra` entries are added at the end, `spineOrder` (file names) overrides the spine's order.
    static func make(title: String, chapters: [(file: String, heading: String, paragraphs: [String])],
                     spineOrder: [String]? = nil, extra: [TestZip.Entry] = [], opf: String? = nil) throws -> [UInt8] {
        let manifest = chapters.map { "<item id=\"\(id($0.file))\" href=\"\($0.file)\" media-type=\"application/xhtml+xml\"/>" }.joined(separator: "\n")
        let spine = (spineOrder ?? chapters.map(\.file)).map { "<itemref idref=\"\(id($0))\"/>" }.joined(separator: "\n")
        let package = opf ?? """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">urn:uuid:1234</dc:identifier>
                <dc:title>\(title)</dc:title>
                <dc:language>en</dc:language>
              </metadata>
              <manifest>
            \(manifest)
              </manifest>
              <spine>
            \(spine)
              </spine>
            </package>
            """
        var entries = [TestZip.Entry(name: "mimetype", bytes: Array("application/epub+zip".utf8), deflated: false),
                       TestZip.Entry(name: "META-INF/container.xml", bytes: Array(container.utf8)),
                       TestZip.Entry(name: "OEBPS/content.opf", bytes: Array(package.utf8))]
        for chapter in chapters {
            entries.append(TestZip.Entry(name: "OEBPS/" + chapter.file, bytes: Array(xhtml(chapter.heading, chapter.paragraphs).utf8)))
        }
        return try TestZip.make(entries + extra)
    }

    static func xhtml(_ heading: String, _ paragraphs: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>\(heading)</title></head>
        <body><section><h1>\(heading)</h1>
        \(paragraphs.map { "<p>\($0)</p>" }.joined(separator: "\n"))
        </section></body></html>
        """
    }

    static func id(_ file: String) -> String {
        "c-" + String(file.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) })
    }
}
