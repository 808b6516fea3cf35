import Compression
import Foundation

/// A small ZIP writer for tests (a stand-in speaking the real format, so no binary fixture is committed): entries
/// stored or deflated (raw deflate cut out of zlib's gzip framing, with its CRC-32), and EPUB books built on it.
enum TestZip {
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var deflated = true
    }

    /// The archive's bytes. `claimedSizes` overrides the uncompressed size written for entry `name` (a lying header).
    static func make(_ entries: [Entry], claimedSizes: [String: UInt32] = [:]) throws -> [UInt8] {
        var out: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let gzip = Array(try Gzip.compress(Data(entry.bytes)))
            let crc = Array(gzip[(gzip.count - 8)..<(gzip.count - 4)])
            let data = entry.deflated ? Array(gzip[10..<(gzip.count - 8)]) : entry.bytes
            let name = Array(entry.name.utf8)
            let method: UInt16 = entry.deflated ? 8 : 0
            let size = claimedSizes[entry.name] ?? UInt32(entry.bytes.count)
            let offset = UInt32(out.count)
            out += le32(0x0403_4b50) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0) + crc
                + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + name + data
            directory += le32(0x0201_4b50) + le16(20) + le16(20) + le16(0) + le16(method) + le16(0) + le16(0) + crc
                + le32(UInt32(data.count)) + le32(size) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
                + le32(0) + le32(offset) + name
        }
        let directoryOffset = UInt32(out.count)
        out += directory
        out += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
            + le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0)
        return out
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
}

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
