import MarksReading
import Testing

/// Note file names: no separator, dot-dot, leading dot or control character gets through a title; an empty title falls
/// back to the host, then to `bookmark`; the URL's hash keeps two bookmarks of one title apart and is the same on
/// every run (the literal below was computed once: FNV-1a 64 of the URL, its top 48 bits).
@Suite struct NoteFileNameTests {
    @Test(arguments: [
        ("../../etc/passwd", "etc-passwd"),
        (".hidden\u{0}name\n", "hidden-name"),
        ("C:\\Windows\\system32", "c-windows-system32"),
        ("Emoji 🦩 Ünïcödé", "emoji-ünïcödé"),
        ("---", "example-com"),
        (String(repeating: "a", count: 300), String(repeating: "a", count: 60)),
    ])
    func titlesBecomeSafeStems(title: String, stem: String) {
        let name = NoteFileName.name(title: title, url: "https://example.com/x")
        #expect(name.hasPrefix(stem + "-") && name.hasSuffix(".md"), "\(name)")
        #expect(!name.contains("/") && !name.contains("\\") && !name.contains("..") && !name.hasPrefix("."))
        #expect(name.unicodeScalars.allSatisfy { $0.value >= 0x20 })
    }

    @Test func theHashIsStableAndTellsURLsApart() {
        #expect(NoteFileName.name(title: "Same", url: "https://example.com/a") == "same-046a4934057f.md")
        #expect(NoteFileName.name(title: "Same", url: "https://example.com/a") != NoteFileName.name(title: "Same", url: "https://example.com/b"))
        #expect(NoteFileName.name(title: "", url: "not a url").hasPrefix("bookmark-"))
    }
}
