/// Shown to anyone without a session: how to get a sign-in link. Marks opens only for the person who
/// started it, through the one-time link `marks serve` prints.
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
        case .linkRejected: lead = HTML.problem("This sign-in link does not work any more: each link works once, and a link from an earlier run of marks serve stops working when it restarts.")
        case .signedOut: lead = HTML.success("You are signed out.")
        }
        return """
            <div class="signin"><p class="wordmark" aria-hidden="true">Marks</p><h1>\(Self.title)</h1>\(lead)\
            <p>When <code>marks serve</code> starts, it prints a sign-in link such as \
            <code>http://127.0.0.1:8080/signin?token=…</code>. Open that link in this browser; \
            <code>marks serve --open</code> opens it for you.</p>\
            <p>On a phone or another computer: on a device that is signed in, open Settings → Devices → \
            Make a sign-in link, and open the link it shows on the new device.</p></div>
            """
    }
}
