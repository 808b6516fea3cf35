import Foundation
import MarksCore
import MarksJobs
import MarksReading
import MarksPodcasts
import MarksServer

extension CompositionRoot {
    /// The backend's podcast generation over `jobs`: episodes in `marks.sqlite` (or the shared database), audio in
    /// `<data>/podcasts/audio` (copies of the shared database's, there),
    /// articles read from the page-text archive when it keeps them (else through the one fetcher), spoken by the voice the `podcast` section chooses (made on first use;
    /// espeak-ng behind it), as a dialogue when it asks for one and an `ai` provider is configured.
    public func podcastService(jobs: JobRunner) throws -> PodcastService {
        let fetcher = fetcher()
        let setup = podcastVoiceSetup()
        let voices: PodcastService.VoicesProvider
        if let voice = overrides.podcastVoice {
            voices = { PodcastVoices(primary: voice) }
        } else {
            let cache = PodcastVoicesCache { try await setup.voices() }
            voices = { try await cache.voices() }
        }
        let dialogue: PodcastService.WriteDialogue?
        do {
            dialogue = try setup.dialogue()
        } catch {
            warn("podcast dialogues are off (episodes are narrations): \(AssemblyFailure.describe(error))")
            dialogue = nil
        }
        let archive: PageArchive?
        do {
            archive = try pageArchive()
        } catch {
            warn("podcasts read pages from the network only (the page-text archive cannot be opened): \(AssemblyFailure.describe(error))")
            archive = nil
        }
        let icons: FaviconStore?
        do {
            icons = try favicons().store
        } catch {
            icons = nil  // no favicons: every episode gets the generated card
        }
        return PodcastService(episodes: try episodeRecords(),
                                  directory: paths.dataDirectory.appendingPathComponent("podcasts/audio"),
                                  jobs: jobs, voices: voices, dialogue: dialogue,
                                  readArticle: { url in
                                      guard let archive else { return try await PodcastPages.read(url, fetcher: fetcher) }
                                      return try await PodcastPages.read(url, archive: archive, fetcher: fetcher)
                                  },
                                  cover: { url in Self.cover(url, icons: icons) }, now: context.now)
    }

    /// The podcast voices and script the configuration chooses.
    public func podcastVoiceSetup() -> PodcastVoiceSetup {
        PodcastVoiceSetup(config: config, environment: context.environment, scratch: paths.scratchDirectory)
    }

    /// The stored favicon of the page's site as an episode cover, when it is a PNG or JPEG of some size (podcast
    /// apps show covers large and read only those two formats); nil otherwise (the generated card is used).
    public static func cover(_ url: String, icons: FaviconStore?) -> ID3Tag.Picture? {
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
