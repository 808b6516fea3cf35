import Foundation
import HTTPServer
import MarksCore
import MarksJobs
import MarksReading

/// Settings → Feeds, mounted when this server follows feeds: the list (`GET /settings/feeds`), Follow
/// (`POST /settings/feeds`: the feed is checked by a `feeds.poll` job right away when jobs run here, else at the next
/// sweep), Check now (`POST /settings/feeds/:id/check`, run in the request, its outcome shown), Remove, and OPML
/// import (`POST /settings/feeds/import`, multipart) and export (`GET /settings/feeds/opml`).
struct FeedsController: WebFeature {
    let web: WebContext
    let feeds: FeedSubscriptions
    /// Where a new feed's first check is queued (nil: the sweep finds it).
    let jobs: JobRunner?

    /// OPML files larger than this are refused.
    static let maxOPMLBytes = 5 << 20

    /// The feed routes.
    func mount(on r: inout Router) {
        r.get("/settings/feeds") { try list($0) }
        r.post("/settings/feeds") { try await follow($0) }
        r.post("/settings/feeds/import") { try await importOPML($0) }
        r.get("/settings/feeds/opml") { try exportOPML($0) }
        r.post("/settings/feeds/:id/check") { try await checkNow($0) }
        r.post("/settings/feeds/:id/remove") { try remove($0) }
    }

    /// `GET /settings/feeds`.
    func list(_ request: HTTPRequest) throws -> HTTPResponse {
        view(request, success: request.query["done"].flatMap(Self.doneText))
    }

    /// `POST /settings/feeds`: follows the address with the form's rules.
    func follow(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try request.form()
        let typed = FeedsPage.Form(url: Self.field(form, "feed-url"), tags: Self.field(form, "feed-tags"),
                                   maxAgeDays: Self.field(form, "feed-max-age"), keywords: Self.field(form, "feed-keywords"))
        var maxAge: Int?
        let ageText = typed.maxAgeDays.trimmingCharacters(in: .whitespaces)
        if !ageText.isEmpty {
            guard let days = Int(ageText), (1...36_500).contains(days) else {
                return view(request, problem: "The age must be a number of days, such as 7.", form: typed, status: 400)
            }
            maxAge = days
        }
        let rules = FeedRules(tags: TagNames.parse(typed.tags, spaceSeparates: true), maxAgeDays: maxAge,
                              keywords: typed.keywords.split(separator: ",").map(String.init))
        let added: FeedSubscription
        do {
            added = try feeds.add(url: typed.url, rules: rules)
        } catch let error as FeedSubscriptionError {
            if case .storage = error { throw HTTPError(500, error.description) }
            return view(request, problem: error.description, form: typed, status: 400)
        }
        if let jobs {
            do {
                _ = try await jobs.enqueue(FeedSubscriptions.checkJob(id: added.id))
            } catch {
                log("the first check of feed \(added.id) was not queued (the hourly sweep will check it): \(error)")
            }
        }
        return redirect("/settings/feeds?done=added", anchor: "feed-\(added.id)")
    }

    /// `POST /settings/feeds/:id/check`: checks the feed now; its outcome (or why it failed) shows on the page.
    func checkNow(_ request: HTTPRequest) async throws -> HTTPResponse {
        let subscription = try stored(try Self.id(request))
        let check: FeedCheck
        do {
            check = try await feeds.check(subscription, into: library)
        } catch let error as FeedSubscriptionError {
            throw HTTPError(500, error.description)
        } catch {
            throw HTTPError(503, "The feed could not be checked: \(message(error))")
        }
        // The feed's own title, read by this check when it is the first.
        var title = subscription.displayTitle
        do {
            title = try feeds.subscription(id: subscription.id).displayTitle
        } catch {
            web.log("settings: feed \(subscription.id) could not be read again after its check: \(error)")
        }
        if let error = check.error { return view(request, problem: "\(title): \(error)", status: 200) }
        let text = check.notModified ? "not changed since the last check"
            : "\(check.added.count) new bookmark\(check.added.count == 1 ? "" : "s")" + (check.skipped > 0 ? ", \(check.skipped) items left out" : "")
        return view(request, success: "Checked \(title): \(text).")
    }

    /// `POST /settings/feeds/:id/remove`.
    func remove(_ request: HTTPRequest) throws -> HTTPResponse {
        let id = try Self.id(request)
        do {
            try feeds.remove(id: id)
        } catch FeedSubscriptionError.notFound {
            throw HTTPError(404, "No followed feed has this id.")
        }
        return redirect("/settings/feeds?done=removed")
    }

    /// `POST /settings/feeds/import` (multipart, field `file`).
    func importOPML(_ request: HTTPRequest) async throws -> HTTPResponse {
        let form = try WebContext.multipartForm(request)
        guard let file = form.files.first(where: { $0.name == "file" }), !file.data.isEmpty else {
            return view(request, problem: "Choose an OPML file to import.", status: 400)
        }
        guard file.data.count <= Self.maxOPMLBytes else { return view(request, problem: "That file is too large for an OPML file (over 5 MB).", status: 413) }
        let report: FeedSubscriptions.OPMLImport
        do {
            report = try feeds.importOPML([UInt8](file.data))
        } catch let error as FeedSubscriptionError {
            if case .storage = error { throw HTTPError(500, error.description) }
            return view(request, problem: error.description, status: 400)
        }
        var text = "Imported: \(report.added) new feeds followed, \(report.existing) already followed."
        if !report.refused.isEmpty { text += " Not added: " + report.refused.prefix(5).joined(separator: "; ") + "." }
        if let jobs, report.added > 0 {
            do {
                _ = try await jobs.enqueue(FeedSubscriptions.sweepJob)
            } catch {
                log("the imported feeds' first check was not queued: \(error)")
            }
        }
        return view(request, success: text)
    }

    /// `GET /settings/feeds/opml`: the followed feeds as an OPML download.
    func exportOPML(_ request: HTTPRequest) throws -> HTTPResponse {
        let xml: String
        do {
            xml = try feeds.exportOPML()
        } catch {
            throw HTTPError(500, String(describing: error))
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "text/x-opml; charset=utf-8",
                                                   "Content-Disposition": "attachment; filename=\"marks-feeds.opml\""],
                            body: .bytes(Data(xml.utf8)))
    }

    private func view(_ request: HTTPRequest, success: String? = nil, problem: String? = nil, form: FeedsPage.Form = FeedsPage.Form(),
                      status: Int = 200) -> HTTPResponse {
        let ctx = context(request)
        var page = FeedsPage(feeds: [], csrfToken: ctx.csrfToken, dates: dates, success: success, problem: problem, form: form)
        do {
            page.feeds = try feeds.all()
        } catch {
            page.problem = [problem, String(describing: error)].compactMap { $0 }.joined(separator: " ")
        }
        return self.page(FeedsPage.title, tab: .settings, page.render(), context: ctx, status: status)
    }

    private func stored(_ id: Int) throws -> FeedSubscription {
        do {
            return try feeds.subscription(id: id)
        } catch FeedSubscriptionError.notFound {
            throw HTTPError(404, "No followed feed has this id.")
        }
    }

    private static func id(_ request: HTTPRequest) throws -> Int {
        guard let text = request.pathParameters["id"], let id = Int(text), id > 0 else { throw HTTPError(404, "No followed feed has this id.") }
        return id
    }

    private static func doneText(_ code: String) -> String? {
        switch code {
        case "added": "Following the feed. Its first check runs now; reload to see it."
        case "removed": "No longer following that feed; the bookmarks it added stay."
        default: nil
        }
    }
}
