import MarksCore
import Testing

/// The link check's verdicts, one per answer a site can give: gone is broken, refusing robots is not, a permanent
/// redirect to a page that answers is a move, a temporary one is fine, a dead host is broken.
@Suite struct LinkClassifierTests {
    static let url = "http://a.test/page"

    static func answered(_ status: Int, to final: String = url, hops: [RedirectHop] = []) -> LinkAnswer {
        .answered(status: status, finalURL: final, hops: hops)
    }

    @Test(arguments: [
        (200, LinkStatus.Kind.ok), (204, .ok), (401, .ok), (404, .broken), (410, .broken), (500, .broken), (503, .broken),
        (403, .unknown), (429, .unknown), (405, .unknown), (400, .unknown), (304, .unknown),
    ])
    func theFinalStatusDecides(status: Int, kind: LinkStatus.Kind) {
        #expect(LinkClassifier.classify(Self.answered(status), url: Self.url).kind == kind)
    }

    @Test func reasonsSayWhy() {
        #expect(LinkClassifier.classify(Self.answered(404), url: Self.url) == .broken(reason: "HTTP 404 Not Found"))
        #expect(LinkClassifier.classify(Self.answered(502), url: Self.url) == .broken(reason: "HTTP 502 server error"))
        #expect(LinkClassifier.classify(Self.answered(403), url: Self.url) == .unknown(reason: "could not check: the site answered HTTP 403"))
    }

    @Test func aPermanentRedirectToAPageThatAnswersIsAMove() {
        let moved = "http://b.test/new"
        for status in [301, 308] {
            let answer = Self.answered(200, to: moved, hops: [RedirectHop(status: status, location: moved)])
            #expect(LinkClassifier.classify(answer, url: Self.url) == .moved(to: moved))
        }
        let chain = Self.answered(200, to: moved, hops: [RedirectHop(status: 302, location: "/tmp"), RedirectHop(status: 301, location: moved)])
        #expect(LinkClassifier.classify(chain, url: Self.url) == .moved(to: moved), "a permanent hop anywhere in the chain")
    }

    @Test func aTemporaryRedirectIsFineAndAMoveToAGonePageIsBroken() {
        for status in [302, 303, 307] {
            let answer = Self.answered(200, to: "http://a.test/login", hops: [RedirectHop(status: status, location: "/login")])
            #expect(LinkClassifier.classify(answer, url: Self.url) == .ok)
        }
        let gone = Self.answered(404, to: "http://b.test/new", hops: [RedirectHop(status: 301, location: "http://b.test/new")])
        #expect(LinkClassifier.classify(gone, url: Self.url).kind == .broken)
    }

    @Test func failuresToConnect() {
        let dead = LinkAnswer.failed(.init(.deadHost, "the host name does not resolve"))
        #expect(LinkClassifier.classify(dead, url: Self.url) == .broken(reason: "dead host: the host name does not resolve"))
        #expect(LinkClassifier.classify(.failed(.init(.redirectLoop, "more than 5 redirects")), url: Self.url).kind == .broken)
        #expect(LinkClassifier.classify(.failed(.init(.timeout, "no answer in 10 s")), url: Self.url) == .unknown(reason: "no answer in 10 s"))
        #expect(LinkClassifier.classify(.failed(.init(.notChecked, "not http")), url: Self.url).kind == .unknown)
    }

    @Test func onlyAnAnswerThatIsNotASuccessIsAskedAgainWithGET() {
        #expect(LinkClassifier.needsGET(afterHEAD: Self.answered(405)))
        #expect(LinkClassifier.needsGET(afterHEAD: Self.answered(404)))
        #expect(!LinkClassifier.needsGET(afterHEAD: Self.answered(200)))
        #expect(!LinkClassifier.needsGET(afterHEAD: .failed(.init(.deadHost, "refused"))))
    }

    @Test func aStatusRoundTripsThroughItsStoredWords() {
        for status in [LinkStatus.ok, .broken(reason: "HTTP 404 Not Found"), .moved(to: "http://b.test/"), .unknown(reason: "slow")] {
            #expect(LinkStatus(kind: status.kind.rawValue, detail: status.detail) == status)
        }
        #expect(LinkStatus(kind: "gone", detail: nil) == nil)
    }
}

/// `!broken` is taken out of a search before the bookmark source sees it.
@Suite struct BrokenSearchTermTests {
    @Test(arguments: [
        ("!broken", "", true), ("python !broken", "python", true), ("!BROKEN #dev  docs", "#dev docs", true),
        ("python", "python", false), ("!unread", "!unread", false), ("unbroken", "unbroken", false), ("!brokenly", "!brokenly", false),
    ])
    func theTermIsStripped(query: String, rest: String, broken: Bool) {
        let stripped = BrokenSearchTerm.strip(query)
        #expect(stripped.query == rest)
        #expect(stripped.broken == broken)
    }
}
