import Foundation

/// A long article page with the markup documentation and blog posts have, for the reader benchmark: English words in
/// sentences (a few hundred common words, Zipf-like, so compression sees prose rather than noise), sections under
/// `h2`/`h3` headings, paragraphs with links, inline code and emphasis, bulleted and numbered lists, code blocks, a
/// reference table whose first column holds only links (`<td><p><a><code>…</code></a></p></td>`, as Sphinx writes
/// it), sized images, and the page furniture around the article (navigation, sidebar, footer) a reader drops.
struct ArticleMarkup {
    /// What `page(words:)` made.
    struct Page {
        var html: String
        var words: Int
        var headings: Int
        var codeBlocks: Int
        var lists: Int
        var tableRows: Int
        var links: Int
        var images: Int
    }

    private static let vocabulary = """
        the of and to a in is it that for you was with on as have be at not this but by from they we say her she or an \
        will my one all would there their what so up out if about who get which go me when make can like time no just \
        him know take people into year your good some could them see other than then now look only come its over think \
        also back after use two how our work first well way even new want because any these give day most us data file \
        server request page reader text function value list table code module system program library error message \
        handler logger level record format string number line word change build test run start stop open close read \
        write save store cache index search query result answer client network address port path name type field \
        option setting default configuration process thread memory disk time clock date version release update small \
        large simple short long quick careful common rare every each several many few most least more less better \
        worse early late often seldom always never usually carefully quickly slowly clearly simply together apart
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    private var random: SplitMix

    init(seed: UInt64) { random = SplitMix(seed) }

    private mutating func next(_ bound: Int) -> Int { Int(random.next() % UInt64(max(1, bound))) }

    /// A word, the frequent ones (low ranks) far more often.
    private mutating func word() -> String {
        let rank = Int(Double(Self.vocabulary.count) * pow(Double(next(1_000_000)) / 1_000_000, 2.2))
        return Self.vocabulary[min(rank, Self.vocabulary.count - 1)]
    }

    private mutating func words(_ count: Int) -> [String] { (0..<count).map { _ in word() } }

    /// A sentence of `count` words: capitalised, a comma now and then, a full stop.
    private mutating func sentence(_ count: Int) -> String {
        var parts = words(count)
        parts[0] = parts[0].prefix(1).uppercased() + parts[0].dropFirst()
        if count > 10 { parts[count / 2] += "," }
        return parts.joined(separator: " ") + "."
    }

    /// A page of at least `target` words of article text.
    mutating func page(words target: Int) -> Page {
        var page = Page(html: "", words: 0, headings: 0, codeBlocks: 0, lists: 0, tableRows: 0, links: 0, images: 0)
        var body: [String] = []
        func count(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }
        var section = 0
        while page.words < target {
            section += 1
            let heading = words(3 + next(3)).joined(separator: " ").capitalized
            body.append("<h2 id=\"s\(section)\">\(heading)<a class=\"headerlink\" href=\"#s\(section)\" title=\"Permalink to this headline\">¶</a></h2>")
            page.headings += 1
            page.words += count(heading)
            for paragraph in 0..<4 {
                var sentences: [String] = []
                for _ in 0..<(3 + next(3)) { sentences.append(sentence(8 + next(14))) }
                page.words += sentences.reduce(0) { $0 + count($1) }
                let term = word()
                let link = words(2).joined(separator: " ")
                sentences.insert("See <a href=\"https://docs.example.org/\(section)/\(paragraph).html#\(term)\">\(link)</a> "
                    + "and <code>\(term)_\(section)()</code>, <em>\(word())</em> first.", at: 1 + next(sentences.count - 1))
                page.words += 6
                page.links += 1
                body.append("<p>" + sentences.joined(separator: " ") + "</p>")
                if paragraph == 1, section % 5 == 2 {
                    body.append("<figure><img src=\"/images/figure-\(section).png\" width=\"1200\" height=\"675\" alt=\"\(words(4).joined(separator: " "))\">"
                        + "<figcaption>\(sentence(9))</figcaption></figure>")
                    page.images += 1
                    page.words += 9
                }
            }
            if section % 3 == 0 {
                let ordered = section % 2 == 0
                let items = (0..<5).map { _ in "<li>" + sentence(6 + next(8)) + "</li>" }
                page.words += items.reduce(0) { $0 + count($1) }
                body.append((ordered ? "<ol>" : "<ul>") + items.joined() + (ordered ? "</ol>" : "</ul>"))
                page.lists += 1
            }
            if section % 4 == 1 {
                let lines = (0..<10).map { index -> String in
                    let indent = String(repeating: " ", count: 4 * (index % 3))
                    return indent + "<span class=\"n\">\(word())_\(word())</span> <span class=\"o\">=</span> "
                        + "<span class=\"n\">\(word())</span><span class=\"p\">.</span><span class=\"n\">\(word())</span>"
                        + "<span class=\"p\">(</span><span class=\"s2\">\"\(words(3).joined(separator: " "))\"</span><span class=\"p\">)</span>"
                }
                body.append("<div class=\"highlight-python3 notranslate\"><div class=\"highlight\"><pre><span></span>" + lines.joined(separator: "\n") + "\n</pre></div></div>")
                page.codeBlocks += 1
                page.words += 40
            }
            if section % 6 == 3 {
                let sub = words(3).joined(separator: " ").capitalized
                body.append("<h3 id=\"s\(section)-sub\">\(sub)<a class=\"headerlink\" href=\"#s\(section)-sub\">¶</a></h3><p>\(sentence(20)) \(sentence(16))</p>")
                page.headings += 1
                page.words += 39
            }
            if section == 4 {
                var rows: [String] = []
                for row in 0..<14 {
                    let name = word() + "_" + word()
                    rows.append("<tr class=\"row-\(row % 2 == 0 ? "even" : "odd")\"><td><p><a class=\"reference internal\" href=\"#\(name)\" "
                        + "title=\"\(name)\"><code class=\"xref py py-func docutils literal notranslate\"><span class=\"pre\">\(name)()</span></code></a></p></td>"
                        + "<td><p>\(sentence(10 + next(8)))</p></td><td><p>\(word())</p></td></tr>")
                    page.words += 14
                    page.links += 1
                }
                body.append("<table class=\"docutils align-default\"><thead><tr><th class=\"head\"><p>Function</p></th><th class=\"head\"><p>What it does</p></th>"
                    + "<th class=\"head\"><p>Since</p></th></tr></thead><tbody>" + rows.joined() + "</tbody></table>")
                page.tableRows = rows.count
            }
        }
        let navigation = (1...12).map { "<li><a href=\"/docs/\($0).html\">\(words(2).joined(separator: " "))</a></li>" }.joined()
        page.html = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A long guide to a small language</title>
            <link rel="stylesheet" href="/static/docs.css"><script src="/static/docs.js"></script></head><body>
            <nav class="navbar" role="navigation"><ul>\(navigation)</ul></nav>
            <div class="document"><div class="body" role="main"><article>
            <h1>A long guide to a small language<a class="headerlink" href="#top" title="Permalink to this headline">¶</a></h1>
            \(body.joined(separator: "\n"))
            </article></div>
            <div class="sphinxsidebar" role="navigation"><h3>Contents</h3><ul>\(navigation)</ul></div></div>
            <footer class="footer">© 2026 Example. Built with a documentation generator.</footer></body></html>
            """
        return page
    }
}
