import Foundation
import MarksCore
import MarksJobs
import MarksLibrary
import MarksPodcasts
import MarksServer

extension CompositionRoot {
    /// The backend's podcast generation over `jobs`: episodes in `marks.sqlite`, audio in `<data>/podcasts/audio`,
    /// articles read through the one fetcher, spoken by espeak-ng (found on first use).
    func podcastService(jobs: JobRunner) throws -> PodcastService {
        let fetcher = fetcher()
        let scratch = FileManager.default.temporaryDirectory
        let voices = VoiceCache { try await EspeakVoice.installed(scratch: scratch) }
        let icons: FaviconStore?
        do {
            icons = try favicons().store
        } catch {
            icons = nil  // no favicons: every episode gets the generated card
        }
        return try PodcastService(database: try data().database,
                                  directory: paths.dataDirectory.appendingPathComponent("podcasts/audio"),
                                  jobs: jobs, voice: { try await voices.voice() },
                                  readArticle: { try await PodcastPages.read($0, fetcher: fetcher) },
                                  cover: { url in Self.cover(url, icons: icons) }, now: context.now)
    }

    /// The stored favicon of the page's site as an episode cover, when it is a PNG or JPEG of some size (podcast
    /// apps show covers large and read only those two formats); nil otherwise (the generated card is used).
    static func cover(_ url: String, icons: FaviconStore?) -> ID3Tag.Picture? {
        guard let icons, let site = Favicon.site(of: url) else { return nil }
        let icon: Favicon?
        do {
            icon = try icons.favicon(of: site)
        } catch {
            return nil  // an unreadable favicon row: the card will do
        }
        guard let icon, ["image/png", "image/jpeg"].contains(icon.contentType.lowercased()), icon.data.count >= 2048 else { return nil }
        return ID3Tag.Picture(mimeType: icon.contentType.lowercased(), data: icon.data)
    }
}
