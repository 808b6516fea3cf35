import Foundation
import Testing
@testable import MarksCore

/// Issue 16 fix 10: the spellings of one URL are one bookmark; a host that could pass for another is shown in
/// punycode.
@Suite struct URLIdentityTests {
    @Test(arguments: [
        ("https://example.com:443/a", "https://example.com/a"),
        ("http://example.com:80/", "http://example.com"),
        ("HTTPS://EXAMPLE.com:443", "https://example.com/"),
        ("https://example.com/%7Euser/%41bc", "https://example.com/~user/Abc"),
        ("https://example.com/a%2db%2E%5F", "https://example.com/a-b._"),
        ("https://example.com/caf%c3%a9", "https://example.com/café"),
        ("https://example.com/cafe\u{301}", "https://example.com/café"),
        ("https://example.com/cafe%CC%81", "https://example.com/caf%C3%A9"),
        ("https://example.com/?q=cafe%CC%81&b=%7e", "https://example.com/?b=~&q=café"),
        ("https://example.com/a#%7Etop", "https://example.com/a#~top"),
        ("https://bücher.de/x", "https://xn--bcher-kva.de/x"),
        ("https://BÜCHER.de/x", "https://xn--bcher-kva.de/x"),
        ("https://bu\u{308}cher.de/x", "https://xn--bcher-kva.de/x"),
        ("https://example.com/a%2fb", "https://example.com/a%2Fb"),
        ("https://BÜCHER.de:443/café/%7Enotes", "https://bücher.de/café/~notes"),
    ])
    func spellingsOfOneURLAreOne(a: String, b: String) {
        #expect(URLNormalizer.normalize(a) == URLNormalizer.normalize(b), "\(a) and \(b)")
    }

    @Test(arguments: [
        ("https://example.com:8443/", "https://example.com/"),
        ("http://example.com:443/", "http://example.com/"),
        ("https://example.com/a%2Fb", "https://example.com/a/b"),
        ("https://example.com/?a=1%262", "https://example.com/?a=1&2"),
        ("https://example.com/Path", "https://example.com/path"),
        ("https://example.com/%25", "https://example.com/%2525"),
        ("https://example.com/café", "https://example.com/cafe"),
    ])
    func differentURLsStayDifferent(a: String, b: String) {
        #expect(URLNormalizer.normalize(a) != URLNormalizer.normalize(b), "\(a) and \(b)")
    }

    @Test func escapesAreWrittenOneWay() {
        #expect(URLNormalizer.normalize("https://example.com/%e2%82%ac/%7e") == "https://example.com/%E2%82%AC/~")
        #expect(URLNormalizer.normalize("https://example.com/%zz%4") == URLNormalizer.normalize("https://example.com/%25zz%254"),
                "a lone % is an escaped %")
        #expect(URLNormalizer.normalize("https://example.com/%FF%FE") == "https://example.com/%FF%FE", "bytes that are not UTF-8 are kept")
        #expect(URLNormalizer.normalize("https://example.com/%41#") == "https://example.com/A#")
        for found in ["htp://Ch111a6%2Effé/%2Efr/cf%21111а", "M:CO\u{1F}/?&", "HTTP://E\u{0}\u{0}'le\u{1}:80/a/b/?q=Cafe%CC%82"] {
            let once = URLNormalizer.normalize(found)
            #expect(URLNormalizer.normalize(once) == once, "found by make fuzz: \(found.debugDescription) → \(once.debugDescription)")
        }
    }

    @Test(arguments: [
        ("https://аpple.com/", "xn--pple-43d.com"),              // a Cyrillic а among Latin letters
        ("https://xn--pple-43d.com/", "xn--pple-43d.com"),       // the same host, typed in punycode
        ("https://аррӏе.com/", "xn--80ak6aa92e.com"),            // Cyrillic letters that all look Latin
        ("https://www.pаypal.com/x", "xn--pypal-4ve.com"),
        ("https://bücher.de/", "bücher.de"),                     // one script: shown as written
        ("https://пример.рф/", "пример.рф"),
        ("https://日本語.jp/", "日本語.jp"),
        ("https://ドメイン名例.jp/", "ドメイン名例.jp"),
        ("https://www.example.com/", "example.com"),
    ])
    func hostsThatCouldDeceiveAreShownInPunycode(url: String, shown: String) {
        #expect(Bookmark(id: 1, url: url, dateAdded: .now, dateModified: .now).domain == shown)
    }

    @Test func theAddressIsShownWithThePunycodeHost() {
        let bookmark = Bookmark(id: 1, url: "https://аpple.com/login?x=1", dateAdded: .now, dateModified: .now)
        #expect(bookmark.displayURL == "https://xn--pple-43d.com/login?x=1")
        #expect(bookmark.displayTitle == "https://xn--pple-43d.com/login?x=1")
        #expect(Bookmark(id: 2, url: "https://bücher.de/a", dateAdded: .now, dateModified: .now).displayURL == "https://bücher.de/a")
    }

    /// The plain-URL shortcut (`PlainURL`, no Foundation) gives what the parser gives, on plain URLs and on the
    /// shapes just outside it.
    @Test func thePlainURLShortcutAgreesWithTheParser() {
        var urls = ["https://example.com", "https://example.com/", "HTTPS://EXAMPLE.COM/A/B//", "http://a.b/~x-y_z.html",
                    "https://github.com/apple/swift-nio", "http://localhost/", "http://intranet/x", "http://a..b/", "http://.a/",
                    "http://-x-.com/", "ftp://files.example.org/pub/", "git+ssh://host.example/x", "h://x", "http://a.b///",
                    "https://example.com:443/a", "https://example.com/a?b=1", "https://example.com/a#top", "https://u@example.com/",
                    "https://example.com/a%41", "https://exa mple.com/", " https://example.com/", "https://bücher.de/",
                    "https://example.com/café", "1http://x.y/", "http:/x.y/", "http//x.y/", "://x.y/", "http://", "http:///x",
                    "https://example.com/" + String(repeating: "a", count: 3_000)]
        let pieces = ["a", "Z", "0", "-", ".", "_", "~", "/", "//", "%", "?", "#", ":", "@", "+", " "]
        for index in 0..<400 {
            let host = (0..<(1 + index % 7)).map { pieces[($0 * 7 + index) % 6] }.joined()
            let path = (0..<(index % 9)).map { pieces[($0 * 5 + index * 3) % pieces.count] }.joined()
            urls.append((index.isMultiple(of: 3) ? "HTTP" : "https") + "://" + host + "/" + path)
        }
        for url in urls {
            #expect(URLNormalizer.normalize(url) == URLNormalizer.normalizeParsing(url), "\(url.debugDescription)")
            for dotless in [false, true] {
                #expect(URLNormalizer.isValidWebURL(url, allowDotlessHosts: dotless)
                        == URLNormalizer.isValidWebURLParsing(url, allowDotlessHosts: dotless), "\(url.debugDescription)")
            }
        }
    }
}
