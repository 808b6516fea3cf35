import Foundation
import MarksClients
import MarksJobs
import MarksBookmarks
import MarksDocuments
import MarksPodcasts
import MarksDocuments
import MarksServer

extension CompositionRoot {
    /// The person's podcast library: `podcast_library` in `marks.sqlite`, audio in `<data>/podcasts/`, played
    /// episodes marking bookmarks read through `currentLibrary` (the configured library unless given), the widget
    /// file in the data directory.
    public func podcastLibrary(currentLibrary: (@Sendable () -> LibraryService?)? = nil) throws -> PodcastLibrary {
        let database = try data().database
        let bookmarks: @Sendable () -> LibraryService?
        if let currentLibrary {
            bookmarks = currentLibrary
        } else {
            let library = Result { try self.library() }
            bookmarks = { try? library.get() }  // safe: no library (no source configured) leaves bookmarks alone
        }
        return try part(\.podcastLibrary) {
            PodcastLibrary(index: try PodcastEpisodes(database: database), directory: PodcastLibrary.directory(in: paths.dataDirectory),
                           currentLibrary: bookmarks, widgets: widgets, now: context.now)
        }
    }

    /// Where episodes are made: the remote backend when `backend_url` is set, else this process's `service`
    /// (made over `jobs` when not given).
    public func podcastBackend(jobs: JobRunner, service: PodcastService? = nil) throws -> any PodcastGenerator {
        if let configuration = AppAPIClient.Configuration(config: config, dataDirectory: paths.dataDirectory,
                                                           appVersion: CompositionRoot.version) {
            return RemotePodcastGenerator(client: AppAPIClient(configuration: configuration))
        }
        return InProcessPodcastGenerator(service: try service ?? podcastService(jobs: jobs))
    }

    /// True when episodes are made by a remote backend (`backend_url`), not by this process's runner.
    public var podcastsAreRemote: Bool {
        AppAPIClient.Configuration(config: config, dataDirectory: paths.dataDirectory, appVersion: CompositionRoot.version) != nil
    }

    /// The generation manager over the library and backend; background jobs go to `jobs`.
    public func podcastManager(jobs: JobRunner, service: PodcastService? = nil, library: PodcastLibrary? = nil,
                        pollInterval: Duration = .seconds(3)) throws -> PodcastGenerationManager {
        let sources: DocumentLibrary?
        do {
            sources = try self.sources()
        } catch {
            warn("sources cannot be read, so source podcasts are off: \(AssemblyFailure.describe(error))")
            sources = nil
        }
        return PodcastGenerationManager(library: try library ?? podcastLibrary(), backend: try podcastBackend(jobs: jobs, service: service),
                                        sources: sources, enqueue: { _ = try await jobs.enqueue($0) }, pollInterval: pollInterval)
    }
}
