/// A reference page as Sphinx renders Python's documentation (written for these tests, in its markup): headings with
/// the "¶" permalink (`title="Permalink to this headline"`, as older Sphinx writes it), a table whose first column
/// holds only a link (`<td><p><a><code>…</code></a></p></td>`), a second table whose cells are bare links, a long
/// code line, and an image without a size. The reader must keep every cell and show no "¶".
public enum SphinxReferencePage {
    /// The functions the first table's link-only cells name, in order.
    public static let functions = ["getLogger()", "basicConfig()", "shutdown()"]
    /// The modules the second table's bare-link cells name.
    public static let modules = ["logging.config", "logging.handlers"]

    /// The page.
    public static let html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>logging — Logging facility for Python</title></head>
        <body>
        <div class="related" role="navigation"><ul><li><a href="/">Index</a></li><li><a href="/py-modindex.html">Modules</a></li></ul></div>
        <div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
        <section id="module-logging">
        <h1><code class="xref py py-mod docutils literal notranslate"><span class="pre">logging</span></code> — Logging facility for Python<a class="headerlink" href="#module-logging" title="Permalink to this headline">¶</a></h1>
        <p>This module defines functions and classes which implement a flexible event logging system for applications \
        and libraries. The key benefit of having the logging API provided by a standard library module is that all \
        Python modules can participate in logging, so your application log can include your own messages integrated \
        with messages from third-party modules.</p>
        <section id="module-level-functions">
        <h2>Module-level functions<a class="headerlink" href="#module-level-functions" title="Permalink to this headline">¶</a></h2>
        <p>In addition to the classes described above, there are a number of module-level functions. The table lists \
        the ones most programs call, with what each of them does and when it is safe to call it.</p>
        <table class="docutils align-default">
        <colgroup><col style="width: 30%" /><col style="width: 70%" /></colgroup>
        <thead><tr class="row-odd"><th class="head"><p>Function</p></th><th class="head"><p>What it does</p></th></tr></thead>
        <tbody>
        <tr class="row-even"><td><p><a class="reference internal" href="#logging.getLogger" title="logging.getLogger"><code class="xref py py-func docutils literal notranslate"><span class="pre">getLogger()</span></code></a></p></td>
        <td><p>Return a logger with the specified name or, if no name is specified, the root logger of the hierarchy.</p></td></tr>
        <tr class="row-odd"><td><p><a class="reference internal" href="#logging.basicConfig" title="logging.basicConfig"><code class="xref py py-func docutils literal notranslate"><span class="pre">basicConfig()</span></code></a></p></td>
        <td><p>Do basic configuration for the logging system by creating a stream handler with a default formatter.</p></td></tr>
        <tr class="row-even"><td><p><a class="reference internal" href="#logging.shutdown" title="logging.shutdown"><code class="xref py py-func docutils literal notranslate"><span class="pre">shutdown()</span></code></a></p></td>
        <td><p>Inform the logging system to perform an orderly shutdown by flushing and closing all handlers.</p></td></tr>
        </tbody></table>
        <div class="highlight-python3 notranslate"><div class="highlight"><pre><span></span><span class="kn">import</span> <span class="nn">logging</span>
        <span class="n">logging</span><span class="o">.</span><span class="n">basicConfig</span><span class="p">(</span><span class="nb">format</span><span class="o">=</span><span class="s2">"</span><span class="si">%(asctime)s</span><span class="s2"> </span><span class="si">%(levelname)s</span><span class="s2"> </span><span class="si">%(name)s</span><span class="s2"> </span><span class="si">%(message)s</span><span class="s2"> and a very long line that goes on well past any screen width"</span><span class="p">)</span>
        </pre></div></div>
        <img src="/_images/logging_flow.png" alt="Logger flow" />
        </section>
        <section id="see-also">
        <h2>Related modules<a class="headerlink" href="#see-also" title="Permalink to this headline">¶</a></h2>
        <p>The logging package has two submodules, each documented on its own page, which configure logging from \
        files and dictionaries and send records to files, sockets and mail servers.</p>
        <table class="docutils align-default">
        <thead><tr><th>Module</th><th>Purpose</th></tr></thead>
        <tbody>
        <tr><td><a href="https://docs.python.org/3/library/logging.config.html"><code>logging.config</code></a></td><td>Configuration from files and dictionaries.</td></tr>
        <tr><td><a href="https://docs.python.org/3/library/logging.handlers.html"><code>logging.handlers</code></a></td><td>Handlers for files, sockets and mail.</td></tr>
        </tbody></table>
        </section>
        </section>
        </div></div></div>
        <div class="sphinxsidebar" role="navigation" aria-label="main navigation"><h3>Table of contents</h3>
        <ul><li><a href="#module-level-functions">Module-level functions</a></li><li><a href="#see-also">Related modules</a></li></ul></div>
        </div>
        <div class="footer">© Copyright 2026, Example. Created using Sphinx.</div>
        </body></html>
        """
}
