import QRCode

/// Settings → Podcast feed: the private feed's absolute URL (for any podcast app: Apple Podcasts, Pocket Casts,
/// AntennaPod…) with a QR code for a phone's camera and a Copy button, and Rotate, which makes a new secret so the
/// old URL stops working (a plain form with the CSRF token).
struct PodcastFeedView {
    struct Content: Equatable {
        /// The feed's URL; nil when the secret could not be read (`problem` says why).
        var url: String?
        var problem: String?
        /// True right after a rotation.
        var rotated = false
        /// The URL works on this computer alone (Marks listens on loopback and no public URL is set).
        var onlyThisComputer = false
    }

    var content: Content
    var csrfToken: String

    func render() -> HTML {
        """
        <section aria-labelledby="feed-heading" id="podcast-feed"><h2 id="feed-heading">Podcast feed</h2>\
        \(content.rotated ? HTML.success("A new feed address is ready. Apps subscribed with the old one get nothing more: subscribe again with this one.") : .empty)\
        <p>Subscribe in any podcast app to hear your episodes there. The address is the key: anyone who has it can \
        listen, so share it with no one.</p>\(content.problem.map(HTML.problem) ?? .empty)\(urlHTML())\
        \(content.onlyThisComputer ? Self.loopbackNote : .empty)\
        <form method="post" action="/settings/podcast-feed/rotate#podcast-feed" class="buttons">\(HTML.csrfField(csrfToken))\
        <button type="submit" id="feed-rotate" aria-describedby="feed-rotate-hint">Make a new address</button></form>\
        <p class="hint" id="feed-rotate-hint">The old address then stops working in every app that uses it.</p></section>
        """
    }

    static let loopbackNote: HTML = """
        <p class="notice" id="feed-loopback" role="note">This address works on this computer only. For a podcast app on \
        your phone, start Marks with --host 0.0.0.0, or set public_url in the config to the address a proxy serves it on.</p>
        """

    private func urlHTML() -> HTML {
        guard let url = content.url else { return .empty }
        let qr: HTML
        do {
            qr = HTML.svg(try QRCode(url), label: "QR code of the podcast feed address")
        } catch {
            qr = HTML.problem("No QR code: \(String(describing: error))")
        }
        return """
            <div class="device-link"><figure class="qr" id="feed-qr">\(qr)<figcaption><code id="feed-url">\(url)</code></figcaption></figure>\
            <button type="button" data-act="copy" data-url="\(url)" aria-describedby="feed-url" id="feed-copy">Copy</button></div>
            """
    }
}
