/// A documentation page as Sphinx renders one (written for these tests, in the markup of Python's own documentation):
/// a `¶` permalink after every heading, inline `<code>`, links and emphasis inside sentences, code blocks, a
/// sidebar and a footer. The summary, the reader's highlight and the archived text are tested on it.
public enum SphinxArticle {
    /// The page's title.
    public static let title = "Logging in small programs"
    /// The page's `<title>`: what a bookmark saved without one is titled, as linkding titles it.
    public static let documentTitle = "Logging in small programs — Example docs"

    /// A sentence that runs across a `<code>` and a link (`highlightedSentence` is its text as passages hold it).
    public static let highlightedSentence =
        "The simplest way to configure it is to call logging.basicConfig() once, before the first message, as the tutorial shows."

    /// The page.
    public static let html = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(documentTitle)</title></head>
        <body>
        <div class="related" role="navigation"><ul><li><a href="/">Index</a></li><li><a href="/modules">Modules</a></li></ul></div>
        <div class="document"><div class="documentwrapper"><div class="bodywrapper"><div class="body" role="main">
        <section id="logging-in-small-programs">
        <h1>Logging in small programs<a class="headerlink" href="#logging-in-small-programs" title="Link to this heading">¶</a></h1>
        <p>A log records what a program did while nobody was watching, so that a person can find out later why it \
        failed. Python ships a logging module in its standard library, and every program can use it without \
        installing anything.</p>
        <section id="configuring">
        <h2>Configuring the root logger<a class="headerlink" href="#configuring" title="Link to this heading">¶</a></h2>
        <p>The simplest way to configure it is to call <code class="docutils literal notranslate"><span class="pre">logging.basicConfig()</span></code> \
        once, before the first message, as <a class="reference internal" href="#tutorial">the tutorial</a> shows. \
        The call attaches a handler that writes to standard error and sets the format of every line.</p>
        <div class="highlight-python notranslate"><div class="highlight"><pre><span></span><span class="kn">import</span> <span class="nn">logging</span>
        <span class="n">logging</span><span class="o">.</span><span class="n">basicConfig</span><span class="p">(</span><span class="n">level</span><span class="o">=</span><span class="n">logging</span><span class="o">.</span><span class="n">INFO</span><span class="p">)</span>
        <span class="n">logging</span><span class="o">.</span><span class="n">info</span><span class="p">(</span><span class="s2">"started"</span><span class="p">)</span>
        </pre></div></div>
        <p>Calling it a second time does nothing at all unless you pass <em>force</em>, which is a common surprise.</p>
        </section>
        <section id="levels">
        <h2>Choosing a level<a class="headerlink" href="#levels" title="Link to this heading">¶</a></h2>
        <p>Every message carries a level that says how serious it is, from debug details to critical failures. \
        A logger drops the messages below its threshold, so the same program can be quiet in production and \
        talkative while you debug it. The default threshold is warning, which is why informational messages \
        seem to vanish until the level is lowered.</p>
        <p>Use warning for something unexpected that the program survived, error when an operation failed, \
        and critical when the program itself cannot go on.</p>
        </section>
        <section id="handlers">
        <h2>Handlers send records elsewhere<a class="headerlink" href="#handlers" title="Link to this heading">¶</a></h2>
        <p>A handler decides where a record goes: a file, the console, a socket or an email. One logger can \
        have several handlers, and each of them can have its own level and its own formatter. Rotating file \
        handlers start a new file when the current one grows too large and keep a fixed number of old ones.</p>
        <div class="highlight-python notranslate"><div class="highlight"><pre>handler = logging.handlers.RotatingFileHandler("app.log", maxBytes=1_000_000, backupCount=3)
        logging.getLogger().addHandler(handler)
        </pre></div></div>
        </section>
        <section id="libraries">
        <h2>Logging from a library<a class="headerlink" href="#libraries" title="Link to this heading">¶</a></h2>
        <p>A library should create its logger with the module name and never configure handlers itself. \
        Configuration belongs to the application, which knows where its output should end up. A library that \
        adds handlers makes every program that imports it print messages twice.</p>
        </section>
        </section>
        </div></div></div>
        <div class="sphinxsidebar" role="navigation" aria-label="main navigation"><h3>Table of contents</h3>
        <ul><li><a href="#configuring">Configuring the root logger</a></li><li><a href="#levels">Choosing a level</a></li></ul></div>
        </div>
        <div class="footer">© Copyright 2026, Example. Created using Sphinx.</div>
        </body></html>
        """
}
