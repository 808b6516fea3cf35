/// A documentation page with tables as Sphinx renders them (written for these tests, in the markup of Python's logging
/// HOWTO): a two-column table of levels whose first cell holds only `<code>`, a three-column table whose middle cell
/// is a number, and a cell that ends in a full stop before the next. Passages, Ask and the reader's highlight are
/// tested on it.
public enum SphinxLevelsPage {
    /// The page's title.
    public static let title = "When to use each logging level"

    /// The DEBUG row as a passage holds it: one sentence, the level first.
    public static let debugRow = "DEBUG: Detailed information, typically of interest only when diagnosing problems."

    /// The page.
    public static let html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(title) — Example docs</title></head>
        <body><div class="document"><div class="body" role="main">
        <section id="levels">
        <h1>\(title)<a class="headerlink" href="#levels" title="Link to this heading">¶</a></h1>
        <p>The logging functions are named after the level or severity of the events they are used to track. \
        The standard levels and their applicability are described below, in increasing order of severity.</p>
        <table class="docutils align-default">
        <thead>
        <tr class="row-odd"><th class="head"><p>Level</p></th>
        <th class="head"><p>When it’s used</p></th>
        </tr>
        </thead>
        <tbody>
        <tr class="row-even"><td><p><code class="docutils literal notranslate"><span class="pre">DEBUG</span></code></p></td>
        <td><p>Detailed information, typically of interest
        only when diagnosing problems.</p></td>
        </tr>
        <tr class="row-odd"><td><p><code class="docutils literal notranslate"><span class="pre">INFO</span></code></p></td>
        <td><p>Confirmation that things are working as expected.</p></td>
        </tr>
        <tr class="row-even"><td><p><code class="docutils literal notranslate"><span class="pre">WARNING</span></code></p></td>
        <td><p>An indication that something unexpected happened, or indicative of some problem in the near future \
        (e.g. ‘disk space low’). The software is still working as expected.</p></td>
        </tr>
        </tbody>
        </table>
        <p>The default level is WARNING, which means that only events of this severity and higher will be tracked.</p>
        <table class="docutils align-default">
        <thead><tr><th><p>Level</p></th><th><p>Numeric value</p></th><th><p>What it means</p></th></tr></thead>
        <tbody>
        <tr><td><p>ERROR</p></td><td><p>40</p></td><td><p>A more serious problem: the software could not perform some function.</p></td></tr>
        <tr><td><p>The last level.</p></td><td><p>50</p></td><td><p>CRITICAL</p></td></tr>
        </tbody>
        </table>
        </section>
        </div></div></body></html>
        """
}
