import MarksAsk
import MarksIndex

/// The Ask tab: the conversation so far (earlier turns as kept, the newest with its citation cards), then the
/// question box with its filters (unread only, a tag) and Ask; "New conversation" forgets the thread. The form
/// posts to `/ask` and the page comes back with the answer; with the script the answer streams in from
/// `/ask/stream` and the thread grows in place (`ask.js`).
struct AskPage {
    static let title = "Ask"

    var context: PageContext
    /// The conversation the next question continues; nil starts one.
    var conversationID: String?
    /// Earlier turns (as kept), oldest first.
    var earlier: [AskTurn] = []
    /// The answer just made, shown in full after the earlier turns.
    var latest: AskAnswer?
    /// What the form held (kept after a refused question).
    var question = ""
    var unreadOnly = false
    var tag = ""
    var knownTags: [String] = []
    /// Why the question was refused.
    var problem: String?
    /// False when this server has no Ask (the tab says so).
    var available = true
    /// While vectors are being computed: how far (a notice when many are left).
    var reading: IndexProgress?

    func render() -> HTML {
        guard available else {
            return """
                <h1>\(Self.title)</h1><div class="empty" id="ask-unavailable"><h2>Ask is not available here</h2>\
                <p>This server was started without the search index Ask needs. Meanwhile, <a href="/search">Search</a> finds bookmarks by keyword or by meaning.</p></div>
                """
        }
        let turns = HTML.each(earlier.enumerated()) { AskEarlierTurnView(turn: $0.element, number: $0.offset + 1).render() }
        let newest: HTML = latest.map { AskTurnView(answer: $0, turn: earlier.count + 1).render() } ?? .empty
        let empty = earlier.isEmpty && latest == nil
        let intro: HTML = empty ? """
            <p class="ask-intro" id="ask-intro">Ask a question: the answer comes only from your bookmarks and sources, \
            each sentence with the passage it was taken from. When they don’t hold the answer, Ask says so.</p>
            """ : .empty
        return """
            <link rel="stylesheet" href="\(context.assets.askStyles.path)"><div class="ask-head"><h1>\(Self.title)</h1>\(clearForm())</div>\(intro)\
            \(LibraryReadingNotice(progress: reading, id: "ask-reading", consequence: "An answer may miss what it has not read yet.").render())\
            <section class="ask-thread" id="ask-thread" aria-label="Conversation" aria-live="polite" aria-busy="false">\(turns)\(newest)</section>\
            \(form())
            """
    }

    /// Shown once there is a conversation (the script shows it after the first answer).
    private func clearForm() -> HTML {
        """
        <form method="post" action="/ask/clear" class="ask-clear" id="ask-clear"\(HTML.when(conversationID == nil, " hidden"))>\
        \(HTML.csrfField(context.csrfToken))\(HTML.hidden("conversation", conversationID ?? ""))\
        <button type="submit" id="ask-new">New conversation</button></form>
        """
    }

    private func form() -> HTML {
        let options = HTML.each(knownTags) { "<option value=\"\($0)\"></option>" }
        let problemHTML: HTML = problem.map { "<p class=\"notice problem\" id=\"ask-problem\" role=\"alert\">\(ShellIcons.problem)<span>\($0)</span></p>" } ?? .empty
        // A new question's box takes the keyboard on arrival; below an answer, the page opens at the answer.
        let fresh = earlier.isEmpty && latest == nil
        let described: HTML = problem == nil ? " aria-describedby=\"ask-hint\"" : " aria-describedby=\"ask-problem ask-hint\" aria-invalid=\"true\""
        return """
            <form method="post" action="/ask" class="ask-form" id="ask-form" data-swap="off" data-ask="/ask/stream" data-starts="ask" data-script="\(context.assets.ask.path)">\
            \(HTML.csrfField(context.csrfToken))\(HTML.hidden("conversation", conversationID ?? ""))\
            <label for="ask-question" class="ask-label">\(fresh ? "Your question" : "A follow-up question")</label>\
            \(problemHTML)<div class="ask-box"><textarea id="ask-question" name="question" rows="2" maxlength="2000" required \
            autocomplete="off"\(described)\(fresh ? HTML(" autofocus") : HTML.empty)>\(question)</textarea><button type="submit" id="ask-button">Ask</button></div>\
            <p class="hint" id="ask-hint">Enter asks; Shift+Enter starts a new line.</p>\
            <fieldset class="ask-filters"><legend>Look only in</legend>\
            <label class="check"><input type="checkbox" name="unread" value="1" id="ask-unread"\(HTML.checked(unreadOnly))> Unread bookmarks</label>\
            <span class="ask-tag"><label for="ask-tag">Tag</label><input type="text" id="ask-tag" name="tag" value="\(tag)" list="ask-tags" \
            placeholder="Any tag" autocomplete="off" spellcheck="false" autocapitalize="none"></span><datalist id="ask-tags">\(options)</datalist>\
            </fieldset><p class="ask-status visually-hidden" id="ask-status" role="status"></p></form>
            """
    }
}
