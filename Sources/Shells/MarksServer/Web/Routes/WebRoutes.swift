import HTTPServer

/// The web app's route table. Pages are GET; every change is a POST with a CSRF token.
/// Public paths (assets, manifest, service worker, sign-in, offline page) need no session.
enum WebRoutes {
    static func router(_ c: WebController) -> Router {
        var r = Router()
        r.defaultErrorRenderer(ErrorRenderer { error, request in c.errorPage(error, request: request) })
        // Bookmarks tab and lists.
        r.get("/") { try await c.bookmarks($0) }
        r.get("/bookmarks/page") { try await c.moreRows($0) }
        r.get("/tags") { await c.tags($0) }
        r.get("/tags/:name") { try await c.bookmarks($0) }
        r.post("/tags/:name/rename") { try await c.renameTag($0) }
        r.post("/tags/:name/delete") { try await c.deleteTag($0) }
        // Bundles (saved searches).
        r.get("/bundles/new") { c.newBundleForm($0) }
        r.post("/bundles") { try await c.createBundle($0) }
        r.get("/bundles/:id") { try await c.openBundle($0) }
        r.get("/bundles/:id/edit") { try await c.editBundleForm($0) }
        r.post("/bundles/:id/edit") { try await c.saveBundle($0) }
        r.post("/bundles/:id/delete") { try await c.deleteBundle($0) }
        r.get("/search") { await c.search($0) }
        // One bookmark.
        r.get("/bookmarks/:id") { try await c.bookmark($0) }
        r.get("/bookmarks/:id/read") { try await c.read($0) }
        r.get("/reader/image") { try await c.readerImage($0) }
        r.post("/reader/settings") { try c.saveReaderSettings($0) }
        r.get("/favicons/:site") { try c.favicon($0) }
        r.post("/bookmarks/:id/progress") { try c.progress($0) }
        r.get("/bookmarks/:id/edit") { try await c.editForm($0) }
        r.post("/bookmarks/:id/edit") { try await c.saveEdit($0) }
        r.post("/bookmarks/:id/delete") { try await c.delete($0) }
        r.post("/bookmarks/:id/restore") { try await c.restore($0) }
        r.get("/trash") { await c.trashPage($0) }
        r.post("/trash/:id/purge") { try await c.purgeTrashed($0) }
        r.get("/trash/empty") { try await c.confirmEmptyTrash($0) }
        r.post("/trash/empty") { try await c.emptyTrash($0) }
        r.post("/bookmarks/:id/archive") { try await c.archive($0) }
        r.post("/bookmarks/:id/unarchive") { try await c.unarchive($0) }
        r.post("/bookmarks/action") { try await c.rowAction($0) }
        r.post("/bookmarks/:id/podcast") { try await c.podcastBookmark($0) }
        // The read-later loop and bulk actions.
        r.get("/bookmarks/next-unread") { try await c.nextUnread($0) }
        r.post("/bookmarks/:id/mark-read") { try await c.markRead($0) }
        r.post("/bookmarks/:id/mark-unread") { try await c.markUnread($0) }
        r.post("/bookmarks/bulk") { try await c.bulk($0) }
        r.post("/settings/reading") { try c.saveReadingPreferences($0) }
        r.post("/bookmarks/:id/tags/accept") { try await c.acceptAITag($0) }
        r.post("/bookmarks/:id/tags/dismiss") { try await c.dismissAITag($0) }
        // Collections and Enrich All.
        r.get("/collections") { await c.collections($0) }
        r.get("/collections/view") { try await c.collectionList($0) }
        r.post("/collections/enrich") { try await c.enrichAll($0) }
        r.get("/collections/enrich") { try c.enrichAllStatus($0) }
        // Add.
        r.get("/add") { await c.addForm($0) }
        // The bookmarklet's share page (`ShareService.bookmarklet`): the Add form, filled from url/title/text.
        r.get("/share") { await c.addForm($0) }
        r.post("/add") { try await c.add($0) }
        r.post("/add/paste") { try await c.paste($0) }
        r.get("/add/check") { try await c.checkURL($0) }
        // Settings, theme, devices, sign-in.
        r.get("/settings") { c.settingsPage($0) }
        r.post("/settings") { try await c.saveSettings($0) }
        r.post("/settings/verify") { try await c.verifySettings($0) }
        r.post("/settings/device-link") { try c.deviceLink($0) }
        r.post("/settings/pairing-code") { try c.pairingCode($0) }
        r.post("/settings/sessions/end-others") { try c.endOtherSessions($0) }
        r.post("/settings/sessions/:id/end") { try c.endSession($0) }
        r.post("/settings/apps/revoke-all") { try c.revokeAllApps($0) }
        r.post("/settings/apps/:id/revoke") { try c.revokeApp($0) }
        r.post("/settings/podcast-feed/rotate") { try c.rotatePodcastFeed($0) }
        r.post("/settings/import") { try await c.startImport($0) }
        r.get("/settings/import/:id") { try c.importStatus($0) }
        r.get("/settings/export") { try await c.export($0) }
        r.post("/theme") { try c.setTheme($0) }
        r.post("/signout") { try c.signOut($0) }
        r.get("/signin") { try c.signIn($0) }
        // The shell: More, and the tab whose feature comes later.
        r.get("/more") { c.more($0) }
        // Podcasts: the library, the queue, the full player and what the player posts.
        r.get("/podcasts") { try c.podcastsPage($0) }
        r.get("/podcasts/open") { try c.openEpisode($0) }
        r.get("/podcasts/:key") { try c.episodePage($0) }
        r.get("/podcasts/:key/audio") { try c.episodeAudio($0) }
        r.get("/podcasts/:key/status") { try c.episodeStatus($0) }
        r.post("/podcasts/:key/position") { try c.saveEpisodePosition($0) }
        r.post("/podcasts/:key/played") { try await c.markEpisodePlayed($0) }
        r.post("/podcasts/:key/unplayed") { try c.markEpisodeUnplayed($0) }
        r.post("/podcasts/:key/queue") { try c.queueEpisode($0) }
        r.post("/podcasts/:key/unqueue") { try c.unqueueEpisode($0) }
        r.post("/podcasts/:key/move") { try c.moveEpisode($0) }
        r.post("/podcasts/:key/delete") { try c.deleteEpisode($0) }
        r.post("/settings/listening") { try c.saveListeningSettings($0) }
        // Sources (pasted text, PDFs, files); the upload streams to disk.
        r.get("/sources") { await c.sourcesPage($0) }
        r.post("/sources/text") { try await c.addSourceText($0) }
        r.streaming(.post, "/sources/upload", body: { c.uploadStream($0) }) { try await c.uploadSources($0) }
        r.get("/sources/:id") { try c.sourcePage($0) }
        r.get("/sources/:id/edit") { try c.editSourceForm($0) }
        r.post("/sources/:id/edit") { try await c.saveSource($0) }
        r.get("/sources/:id/original") { try c.sourceOriginal($0) }
        r.post("/sources/:id/delete") { try await c.deleteSource($0) }
        r.post("/sources/:id/restore") { try await c.restoreSource($0) }
        r.post("/sources/:id/purge") { try await c.purgeSource($0) }
        r.post("/sources/:id/podcast") { try await c.podcastSource($0) }
        r.post("/sources/:id/ocr") { try await c.ocrSource($0) }
        // Ask: answers from the library with citations; the script streams them.
        r.get("/ask") { try await c.askPage($0) }
        r.post("/ask") { try await c.ask($0) }
        r.post("/ask/stream") { try await c.askStream($0) }
        r.post("/ask/clear") { try await c.clearAsk($0) }
        // Public assets.
        r.get("/offline") { c.offline($0) }
        r.get("/sw.js") { c.asset($0) }
        r.get("/manifest.webmanifest") { c.asset($0) }
        r.get("/assets/:name") { c.asset($0) }
        return r
    }

    /// Paths anyone may fetch: what the sign-in page and the installed app need before a session exists.
    static func isPublic(_ path: String) -> Bool {
        path == "/signin" || path == "/offline" || path == "/sw.js" || path == "/manifest.webmanifest"
            || path.hasPrefix("/assets/") || path == "/favicon.ico"
            || path.hasPrefix("/favicons/") // like linkding's favicon files: `/api/` clients load them without a session
    }
}
