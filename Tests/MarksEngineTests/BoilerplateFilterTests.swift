import Testing
@testable import MarksEngine

@Suite struct BoilerplateFilterTests {
    let filter = BoilerplateFilter()

    @Test(arguments: [
        "We use cookies to personalise content and ads, and to analyse our traffic.",
        "This website uses cookies to improve your experience while you navigate.",
        "By continuing to browse you agree to the use of cookies and similar technologies.",
        "Subscribe to our newsletter for the latest science news.",
        "Sign up for our free daily newsletter.",
        "Already have an account? Log in to continue reading.",
        "© 2019 Science Daily News. All rights reserved.",
        "Copyright 2024 Example Media. All rights reserved.",
        "Share on Facebook Share on Twitter Email",
        "Follow us on Twitter",
        "Privacy Policy | Terms of Use | Contact Us",
        "Home | World | Business | Technology | Science",
        "Skip to main content",
        "Read more: How telescopes find planets around other stars",
        "Related articles",
        "https://example.com/a/very/long/link/that/is/the/whole/line",
        "....!!!???",
        "Advertisement",
        "Accept all",
    ])
    func recognisesFurniture(sentence: String) {
        #expect(filter.isBoilerplate(sentence))
    }

    @Test(arguments: [
        "Astronomers have discovered water vapour in the atmosphere of a planet orbiting a distant star.",
        "Netflix said it added five million subscribers in the quarter, more than analysts expected.",
        "The company will donate ten million dollars to local schools over five years.",
        "Facebook updated its privacy policy on Monday after regulators in Europe raised concerns about data sharing.",
        "Bake the cookies for twelve minutes, until the edges are golden and the centres still soft.",
        "The newsletter industry has grown quickly as writers leave traditional publications for independent work.",
        "今天我们讨论了机器学习在医学影像中的应用。",
        "Учёные обнаружили воду в атмосфере далёкой планеты.",
    ])
    func keepsContent(sentence: String) {
        #expect(!filter.isBoilerplate(sentence))
    }
}
