/// Shown to anyone without a session: how to get a sign-in link. Marks opens only for the person who
/// started it, through a one-time link (`marks serve` prints one, `marks signin-link` mints more).
struct SignInPage {
    enum Reason {
        case noSession
        case linkRejected
        case signedOut
    }

    var reason: Reason

    static let title = "Sign in"

    func render() -> HTML {
        let lead: HTML
        switch reason {
        case .noSession: lead = "<p>Marks opens only for the person who started it.</p>"
        case .linkRejected: lead = HTML.problem("This sign-in link does not work any more: each link works once, within 15 minutes. Run marks signin-link for a new one.")
        case .signedOut: lead = HTML.success("You are signed out.")
        }
        return """
            <div class="signin"><p class="wordmark" aria-hidden="true">Marks</p><h1>\(Self.title)</h1>\(lead)\
            <p>When <code>marks serve</code> starts, it prints a sign-in link such as \
            <code>http://127.0.0.1:8080/signin?token=…</code>. Open that link in this browser; \
            <code>marks serve --open</code> opens it for you, and <code>marks signin-link</code> prints a new one while it runs.</p>\
            <p>On a phone or another computer: on a device that is signed in, open Settings → Devices → \
            Make a sign-in link, and open the link it shows on the new device.</p></div>
            """
    }
}
