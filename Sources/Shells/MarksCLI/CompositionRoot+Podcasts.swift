import Foundation
import MarksJobs
import MarksPodcasts
import MarksServer

extension CompositionRoot {
    /// The backend's podcast generation over `jobs`: episodes in `marks.sqlite`, audio in `<data>/podcasts/audio`,
    /// articles read through the one fetcher, spoken by espeak-ng (found on first use).
    func podcastService(jobs: JobRunner) throws -> PodcastService {
        let fetcher = fetcher()
        let scratch = FileManager.default.temporaryDirectory
        let voices = VoiceCache { try await EspeakVoice.installed(scratch: scratch) }
        return try PodcastService(database: try data().database,
                                  directory: paths.dataDirectory.appendingPathComponent("podcasts/audio"),
                                  jobs: jobs, voice: { try await voices.voice() },
                                  readArticle: { try await PodcastPages.read($0, fetcher: fetcher) }, now: context.now)
    }
}
