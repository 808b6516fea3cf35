import Foundation
import Testing
@testable import HTMLExtraction

@Suite struct EncodingTests {
    @Test func latin1DeclaredPageIsDecodedAsWindows1252() throws {
        let page = try HTMLDocument(html: Fixture.data("latin1-page.html"))
        #expect(page.encoding.lowercased() == "windows-1252")
        #expect(page.metadata.title == "Café crème à la française")
        #expect(page.visibleText == "Un café crème coûte 3 £ ou 4 €.\nGrüße aus München, “Bitte”.")
    }

    @Test func stringInputIgnoresMetaCharset() throws {
        // A String is already decoded: the meta must not make libxml2 re-decode it.
        let page = try HTMLDocument(html: "<meta charset='iso-8859-1'><title>Grüße – ok</title>")
        #expect(page.metadata.title == "Grüße – ok")
    }

    @Test func byteOrderMarksWin() throws {
        let utf8 = [0xEF, 0xBB, 0xBF] + Array("<meta charset='iso-8859-1'><title>Grüße</title>".utf8)
        #expect(try HTMLDocument(html: utf8).metadata.title == "Grüße")
        var utf16 = [UInt8(0xFF), 0xFE]
        for unit in "<title>Grüße 😀</title>".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(try HTMLDocument(html: utf16).metadata.title == "Grüße 😀")
        var utf16BE = [UInt8(0xFE), 0xFF]
        for unit in "<title>Ωmega</title>".utf16 { utf16BE += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        #expect(try HTMLDocument(html: Data(utf16BE)).metadata.title == "Ωmega")
    }

    @Test(arguments: [
        ("<meta charset=\"windows-1251\">", "windows-1251"),
        ("<META HTTP-EQUIV='content-type' CONTENT='text/html;charset=KOI8-R'>", "koi8-r"),
        ("<meta charset=utf-16>", "UTF-8"),
        ("<meta charset='utf-32'>", "UTF-8"),
        ("<meta charset='no-such-encoding'>", "UTF-8"),
        ("<meta name='x' content='charset=shift_jis'>", "shift_jis"),
        ("<p>charset=iso-8859-2 outside a meta</p>", "UTF-8"),
        ("", "UTF-8"),
    ])
    func charsetDetection(head: String, expected: String) throws {
        let page = try HTMLDocument(html: Array("\(head)<p>x</p>".utf8))
        #expect(page.encoding == expected)
    }

    @Test func windows1251BytesAreDecoded() throws {
        // "Привет" in windows-1251.
        let bytes = Array("<meta charset='windows-1251'><title>".utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2] + Array("</title>".utf8)
        #expect(try HTMLDocument(html: bytes).metadata.title == "Привет")
    }

    @Test func invalidUTF8IsRepairedNotDropped() throws {
        let bytes = Array("<title>ok ".utf8) + [0xFF, 0xC3, 0x28, 0xE2, 0x82] + Array(" still ok</title><p>é".utf8)
        let page = try HTMLDocument(html: bytes)
        #expect(page.metadata.title == "ok \u{FFFD}\u{FFFD}(\u{FFFD} still ok")
        #expect(page.visibleText == "é")
    }
}
