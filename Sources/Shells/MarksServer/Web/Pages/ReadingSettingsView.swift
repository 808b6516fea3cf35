import MarksReading

/// The Settings page's reading fieldset: mark read at the end of the reader, archiving marks read, whether new
/// saves are unread, and where a row's title leads. Its own form (`POST /settings/reading`), so it saves apart from the source.
struct ReadingSettingsView {
    var preferences: ReadingPreferences
    var csrfToken: String

    func render() -> HTML {
        let targets = HTML.each(ReadingPreferences.TitleTarget.allCases) { target in
            """
            <label class="check"><input type="radio" name="titleOpens" value="\(target.rawValue)" id="title-opens-\(target.rawValue)"\
            \(HTML.checked(preferences.titleOpens == target))> \(target.label)</label>
            """
        }
        return """
            <section aria-labelledby="reading-heading"><h2 id="reading-heading">Reading</h2>\
            <form method="post" action="/settings/reading" class="stack" id="reading-form">\(HTML.csrfField(csrfToken))\
            <fieldset><legend>Read later</legend><div class="stack">\
            \(FormFields.check("markReadAtEnd", label: "Reaching the end of the reader view marks a bookmark read", on: preferences.markReadAtEnd))\
            \(FormFields.check("archiveMarksRead", label: "Archiving marks a bookmark read", on: preferences.archiveMarksRead))\
            \(FormFields.check("newSavesUnread", label: "New saves are unread (Add, Share and marks add; the linkding API keeps its own)", on: preferences.newSavesUnread))</div></fieldset>\
            <fieldset><legend>A bookmark’s title opens</legend>\(targets)</fieldset>\
            <div class="buttons"><button type="submit" id="save-reading">Save reading settings</button></div></form></section>
            """
    }
}
