import Foundation
import MarksCore
import Testing

/// linkding's field limits, counted as Python counts a `str` (code points), and cut on whole characters.
@Suite struct LinkdingLimitsTests {
    @Test func lengthCountsCodePoints() {
        #expect(LinkdingLimits.length("abc") == 3)
        #expect(LinkdingLimits.length("é") == 1)
        #expect(LinkdingLimits.length("e\u{301}") == 2)
        #expect(LinkdingLimits.length("👍🏽") == 2)
    }

    @Test func prefixKeepsWholeCharactersWithinTheLimit() {
        #expect(LinkdingLimits.prefix("abcdef", limit: 4) == "abcd")
        #expect(LinkdingLimits.prefix("abc", limit: 4) == "abc")
        // The thumbs-up with its skin tone is one character of two code points: it goes whole or not at all.
        #expect(LinkdingLimits.prefix("ab👍🏽", limit: 3) == "ab")
        #expect(LinkdingLimits.prefix("ab👍🏽", limit: 4) == "ab👍🏽")
    }

    @Test func aURLOfManyBytesButFewCharactersIsWithinLinkdingsLimit() {
        let wide = "https://example.com/" + String(repeating: "é", count: 1500)
        #expect(wide.utf8.count > 2048 && LinkdingLimits.length(wide) == 1520)
        #expect(URLNormalizer.isValidWebURL(wide), "linkding (Django) counts characters, not UTF-8 bytes")
        #expect(!URLNormalizer.isValidWebURL("https://example.com/" + String(repeating: "p", count: 2029)))
        #expect(URLNormalizer.isValidWebURL("https://example.com/" + String(repeating: "p", count: 2028)))
    }

    @Test func draftsSendTheModifiedDateOnlyWhenSet() throws {
        let plain = BookmarkDraft(url: "https://example.com/")
        #expect(!plain.jsonValue.serialized.contains("date_modified"))
        let dated = BookmarkDraft(url: "https://example.com/", dateModified: Date(timeIntervalSince1970: 1_650_000_000))
        #expect(dated.jsonValue.serialized.contains(#""date_modified":"2022-04-15T05:20:00Z""#))
    }
}
