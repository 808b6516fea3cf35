import Foundation
import HTTPServer
import MarksCore
import MarksBookmarks

/// Bundles: open one (its bookmarks), create, edit and delete, through the library (the source's `/api/bundles/`).
extension BookmarkListController {
    /// `/bundles/:id` (and its "Load more" pages).
    func openBundle(_ request: HTTPRequest) async throws -> HTTPResponse {
        let bundle = try await library.bundle(id: try Self.bundleID(request))
        let ctx = context(request)
        let base = "/bundles/\(bundle.id)"
        let content: BundlePage.Content
        do {
            let page = try await load(next: try signedNext(request), LibraryFilter(limit: pageSize, bundle: bundle.id))
            let empty: HTML = "<div class=\"empty\"><h2>No bookmarks in this bundle</h2><p><a href=\"\(SafeURL.path(base + "/edit"))\">Change what it includes</a>.</p></div>"
            let list = BookmarkListView(bookmarks: page.bookmarks, more: more(page.next, base: base, extra: []), rows: rows,
                                        context: ctx, empty: empty)
            content = .loaded(list, count: page.count)
        } catch {
            content = .failed(message(error))
        }
        let view = BundlePage(bundle: bundle, content: content, context: ctx)
        return page(view.title, tab: .tags, view.render(), context: ctx)
    }

    /// `/bundles/new`.
    func newBundleForm(_ request: HTTPRequest) -> HTTPResponse {
        let ctx = context(request)
        var values = BundleFormPage.Values()
        values.search = request.query["search"] ?? ""
        values.allTags = request.query["all_tags"] ?? ""
        let view = BundleFormPage(bundleID: nil, values: values, context: ctx)
        return page(view.title, tab: .tags, view.render(), context: ctx)
    }

    /// `POST /bundles`: creates, then opens it.
    func createBundle(_ request: HTTPRequest) async throws -> HTTPResponse {
        let values = Self.bundleValues(try request.form())
        do {
            let bundle = try await library.createBundle(values.draft)
            return redirect("/bundles/\(bundle.id)", notice: "bundle-saved")
        } catch let error as BookmarkSourceError {
            return bundleFormAgain(request, id: nil, values: values, error)
        }
    }

    /// `/bundles/:id/edit`.
    func editBundleForm(_ request: HTTPRequest) async throws -> HTTPResponse {
        let bundle = try await library.bundle(id: try Self.bundleID(request))
        let ctx = context(request)
        let view = BundleFormPage(bundleID: bundle.id, values: BundleFormPage.Values(bundle), context: ctx)
        return page(view.title, tab: .tags, view.render(), context: ctx)
    }

    /// `POST /bundles/:id/edit`.
    func saveBundle(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = try Self.bundleID(request)
        let values = Self.bundleValues(try request.form())
        do {
            _ = try await library.updateBundle(id: id, values.draft)
            return redirect("/bundles/\(id)", notice: "bundle-saved")
        } catch let error as BookmarkSourceError where error != .notFound {
            return bundleFormAgain(request, id: id, values: values, error)
        }
    }

    /// `POST /bundles/:id/delete`.
    func deleteBundle(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await library.deleteBundle(id: try Self.bundleID(request))
        return redirect("/tags", notice: "bundle-deleted")
    }

    /// Every bundle for the Tags tab; empty (and a log line) when the source cannot list them.
    func knownBundles() async -> [BookmarkBundle] {
        do {
            return try await library.bundles()
        } catch {
            log("bundles unavailable: \(error)")
            return []
        }
    }

    private func bundleFormAgain(_ request: HTTPRequest, id: Int?, values: BundleFormPage.Values, _ error: BookmarkSourceError) -> HTTPResponse {
        let failed = failure(error)
        let ctx = context(request)
        let view = BundleFormPage(bundleID: id, values: values, problem: failed.message, context: ctx)
        return page(view.title, tab: .tags, view.render(), context: ctx, status: failed.status)
    }

    private static func bundleValues(_ form: QueryParameters) -> BundleFormPage.Values {
        var values = BundleFormPage.Values()
        values.name = field(form, "name").trimmingCharacters(in: .whitespacesAndNewlines)
        values.search = field(form, "search")
        values.anyTags = field(form, "any_tags")
        values.allTags = field(form, "all_tags")
        values.excludedTags = field(form, "excluded_tags")
        values.filterUnread = form["filter_unread"] ?? "off"
        values.filterShared = form["filter_shared"] ?? "off"
        return values
    }

    private static func bundleID(_ request: HTTPRequest) throws -> Int {
        guard let text = request.pathParameters["id"], let id = Int(text), id > 0 else {
            throw HTTPError(404, "There is no bundle at this address.")
        }
        return id
    }
}
