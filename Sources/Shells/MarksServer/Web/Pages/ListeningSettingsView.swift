import MarksPodcasts

/// The Settings page's listening fieldset (issue 13's "listening closes the loop"): finishing a podcast episode marks
/// its bookmark read (on by default) and, optionally, archives it. Its own form (`POST /settings/listening`).
struct ListeningSettingsView {
    var settings: PodcastListeningSettings
    var csrfToken: String

    func render() -> HTML {
        """
        <section aria-labelledby="listening-heading"><h2 id="listening-heading">Listening</h2>\
        <form method="post" action="/settings/listening" class="stack" id="listening-form">\(HTML.csrfField(csrfToken))\
        <fieldset><legend>When a podcast episode is played to the end</legend><div class="stack">\
        \(FormFields.check("markReadWhenPlayed", label: "Mark its bookmark read", on: settings.markReadWhenPlayed))\
        \(FormFields.check("archiveWhenPlayed", label: "Archive its bookmark", on: settings.archiveWhenPlayed))</div></fieldset>\
        <div class="buttons"><button type="submit" id="save-listening">Save listening settings</button></div></form></section>
        """
    }
}
