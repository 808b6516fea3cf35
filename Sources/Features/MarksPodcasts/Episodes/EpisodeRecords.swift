import Foundation

/// The backend's podcast episodes and their audio, wherever they are kept: `PodcastStore` (the local SQLite file,
/// the MP3 a file in the data directory) or `PostgresPodcastStore` (a database every worker shares, the MP3 in
/// `bytea` chunks beside its row, so any worker can serve an episode another one made). Both keep one episode per
/// URL and text digest, and an episode is `done` only together with its audio.
public protocol EpisodeRecords: Sendable {
    /// The episode for `url` and `digest`, inserting a queued one (with `text`) when there is none; `created` says
    /// which. A failed episode found is queued again (its error cleared): asking again is the retry.
    @discardableResult
    func findOrInsert(id: String, url: String, digest: String, title: String?, sourceKind: String?, text: String?,
                      language: String?, now: Date) throws -> (episode: PodcastEpisode, created: Bool, requeued: Bool)
    /// The episode with `id`.
    func episode(id: String) throws -> PodcastEpisode?
    /// The posted text of episode `id` (nil when the server fetches the page).
    func text(id: String) throws -> String?
    /// Episodes, newest first.
    func episodes(limit: Int) throws -> [PodcastEpisode]
    /// Marks the episode running at `stage` with `progress`.
    func progress(id: String, stage: PodcastEpisode.Stage, progress: Double, title: String?, now: Date) throws
    /// Records the finished episode with its audio, just written at `audio` (and forgets the posted text).
    func finish(id: String, _ done: FinishedEpisode, audio: URL, now: Date) throws
    /// Records why the episode failed.
    func fail(id: String, error: String, now: Date) throws
    /// Makes sure the done episode's audio is at `file` (this worker's copy), fetching it from the store when it is
    /// kept elsewhere; false when the store has no audio for it.
    func restoreAudio(id: String, to file: URL) throws -> Bool
}
