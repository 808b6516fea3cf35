import MarksTestSupport
import Foundation
import MarksCore
import Testing
@testable import MarksBookmarks
@testable import MarksPodcasts
@testable import MarksShare

@Suite struct ShareServiceTests {
    struct Fixture {
        let source: StoreBackedSource
        let dir: TemporaryDirectory
        let clock = ManualClock()
        let library: LibraryService
        let queue: PodcastRequests

        init() throws {
            source = try StoreBackedSource()
            dir = try TemporaryDirectory()
            library = LibraryService(source: source, widgets: WidgetDataStore(directory: dir.url), now: clock.now, warn: { _ in })
            queue = try PodcastRequestsTests.requests(dir, clock)
        }

        func service(autoPodcastTags: [String] = [], suggest: ShareService.SuggestTags? = nil, queue: Bool = true) -> ShareService {
            ShareService(library: library, podcasts: queue ? self.queue : nil, autoPodcastTags: autoPodcastTags, suggestTags: suggest)
        }
    }

    @Test func anEngineThatFailsLeavesAWarningOnTheCardNotSilence() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        try await f.source.addTags(["baking"])
        struct NoEngine: Error, CustomStringConvertible { var description: String { "the model is not installed" } }
        let share = f.service(suggest: AITagSuggester.suggestions { throw NoEngine() })
        let draft = try await share.prepare([.plainText("Baking bread https://example.com/bread")])
        #expect(draft.suggestedTags == ["baking"]) // the vocabulary matches still come
        #expect(draft.warnings == ["AI tag suggestions are unavailable: the model is not installed"])
    }

    @Test func textWithALinkBecomesANewBookmarkWithCleanedNotes() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        await f.source.setMetadata("https://example.com/a?x=1", title: "An article", description: "About things")
        await f.source.setAutoTags("example.com", ["from-example"])
        let share = f.service()
        let draft = try await share.prepare([.plainText("Great read https://example.com/a?x=1. Thanks!")])
        #expect(draft.url == "https://example.com/a?x=1")
        #expect(draft.notes == "Great read. Thanks!")
        #expect(draft.title == "An article")
        #expect(draft.description == "About things")
        #expect(draft.tags == ["from-example"])
        #expect(draft.autoTags == ["from-example"])
        #expect(!draft.updatesExisting && draft.isChecked)

        let outcome = try await share.save(draft)
        #expect(!outcome.updated)
        #expect(outcome.podcast == nil && outcome.podcastError == nil)
        let saved = try await f.source.bookmarks
        #expect(saved.count == 1)
        #expect(saved.first?.notes == "Great read. Thanks!")
        #expect(saved.first?.tagNames == ["from-example"])
        // The library refreshed the widget file after the save.
        #expect(try WidgetDataStore(directory: f.dir.url).loadBookmarks().recent.map(\.url) == ["https://example.com/a?x=1"])
    }

    @Test func sharingAnExistingURLUpdatesItRatherThanDuplicating() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        let existing = try await f.source.seed(url: "https://example.com/a", title: "Mine", notes: "my notes", tags: ["keep"], unread: true)
        let share = f.service()
        var draft = try await share.prepare([.plainText("look again: https://EXAMPLE.com/a/ worth it")])
        #expect(draft.existing?.id == existing.id)
        #expect(draft.title == "Mine")
        #expect(draft.tags == ["keep"])
        #expect(draft.unread)
        #expect(draft.notes == "my notes\n\nlook again: worth it")
        draft.addTags(["new-tag"])
        draft.unread = false
        let outcome = try await share.save(draft)
        #expect(outcome.updated)
        #expect(outcome.bookmark.id == existing.id)
        let all = try await f.source.bookmarks
        #expect(all.count == 1)
        #expect(all.first?.tagNames == ["keep", "new-tag"])
        #expect(all.first?.unread == false)
        #expect(all.first?.notes == "my notes\n\nlook again: worth it")
        #expect(await f.source.creates == 0)
        #expect(await f.source.updates == 1)
    }

    @Test func aBookmarkSavedMeanwhileIsUpdatedNotOverwritten() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        let share = f.service()
        let draft = try await share.prepare([.url("https://example.com/race")])
        #expect(!draft.updatesExisting)
        // Another device saves the same URL between the card and the save.
        try await f.source.seed(url: "https://example.com/race", title: "Theirs", notes: "their notes", tags: ["theirs"])
        var edited = draft
        edited.tags = ["mine"]
        let outcome = try await share.save(edited)
        #expect(outcome.updated)
        let all = try await f.source.bookmarks
        #expect(all.count == 1)
        #expect(all.first?.title == "Theirs")
        #expect(all.first?.notes == "their notes")
        #expect(Set(all.first?.tagNames ?? []) == ["theirs", "mine"])  // theirs kept, mine added (the store lists tags by name)
        #expect(await f.source.creates == 0)
    }

    @Test func suggestionsComeFromTheSuggesterSpelledAsTheVocabularyNeverOnTheCardAtMostFive() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        try await f.source.addTags(["Swift", "machine-learning", "cooking", "iOS", "bookmark", "already", "leftover-test"])
        let seen = VocabularySpy()
        let share = f.service(suggest: { page, vocabulary in
            await seen.record(url: page.url, title: page.title, text: page.text, vocabulary: vocabulary)
            return TagSuggester.Suggestions(tags: ["concurrency", "swift", "ALREADY", "ios", "overview", "weekend", "xcode", "spm"],
                                            origin: .neighbours, warnings: [])
        })
        await f.source.setAutoTags("swift.org", ["already"])
        let draft = try await share.prepare([.plainText("Swift concurrency and machine learning on iOS, with bookmarks https://www.swift.org/blog/post")])
        #expect(draft.tags == ["already"])
        // The suggester's tags only (no keyword matches beside them): spelled as the person does, none already on the
        // card, no generic words, at most five.
        #expect(draft.suggestedTags == ["concurrency", "Swift", "iOS", "xcode", "spm"])
        let call = try #require(await seen.calls.first)
        #expect(call.url == "https://www.swift.org/blog/post")
        #expect(call.vocabulary.contains("cooking"))
        #expect(call.text.contains("machine learning"))
    }

    @Test func withoutASuggesterTheKeywordMatchesNeverALeftoverTag() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        try await f.source.addTags(["swift", "test", "tmp", "bookmark", "quantum"])
        let draft = try await f.service().prepare([.plainText("Swift test notes https://www.swift.org/blog/post")])
        #expect(draft.suggestedTags == ["swift"])
    }

    @Test func unavailableVocabularyIsAWarningNotAFailure() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        await f.source.failTags(.unauthorized)
        let draft = try await f.service().prepare([.url("https://example.com/x")])
        #expect(draft.suggestedTags.isEmpty)
        #expect(draft.warnings.count == 1)
        #expect(draft.warnings.first?.contains("API token") == true)
    }

    @Test func createPodcastQueuesARequestInsteadOfMakingAudio() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        let share = f.service()
        var draft = try await share.prepare([.url("https://example.com/listen")])
        draft.createPodcast = true
        let outcome = try await share.save(draft)
        let request = try #require(outcome.podcast)
        #expect(outcome.podcastNewlyQueued)
        #expect(request.trigger == .requested && request.bookmarkID == outcome.bookmark.id)
        #expect(try f.queue.list().pending.map(\.url) == ["https://example.com/listen"])
        // Sharing it again with Create Podcast on updates the bookmark and keeps one request.
        var again = try await share.prepare([.url("https://example.com/listen")])
        again.createPodcast = true
        let second = try await share.save(again)
        #expect(second.updated && !second.podcastNewlyQueued && second.podcast?.id == request.id)
        #expect(try f.queue.list().pending.count == 1)
    }

    @Test(arguments: [
        (["Listen"], ["listen", "news"], true),
        (["podcast-me"], ["news"], false),
        ([], ["listen"], false),
    ])
    func autoPodcastTagsQueueARequest(configured: [String], tags: [String], queues: Bool) async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        let share = f.service(autoPodcastTags: configured)
        var draft = try await share.prepare([.url("https://example.com/auto")])
        draft.addTags(tags)
        let outcome = try await share.save(draft)
        #expect((outcome.podcast != nil) == queues)
        if queues {
            #expect(outcome.podcast?.trigger == .autoTag)
            #expect(outcome.podcast?.matchedTag == "listen")
        }
    }

    @Test func withoutAQueueAWantedPodcastIsReportedAndTheBookmarkStillSaved() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        let share = f.service(queue: false)
        var draft = try await share.prepare([.url("https://example.com/noqueue")])
        draft.createPodcast = true
        let outcome = try await share.save(draft)
        #expect(outcome.podcast == nil)
        #expect(outcome.podcastError != nil)
        #expect(try await f.source.bookmarks.count == 1)
    }

    @Test func webShareTargetFieldsArePayloads() async throws {
        let f = try Fixture()
        defer { f.dir.cleanUp() }
        let share = f.service()
        let fromText = try await share.prepare(sharedURL: nil, title: "A title", text: "see https://example.com/t please")
        #expect(fromText.url == "https://example.com/t")
        #expect(fromText.title == "A title")
        #expect(fromText.notes == "see please")
        let fromURL = try await share.prepare(sharedURL: "https://example.com/u", title: "https://example.com/u", text: "")
        #expect(fromURL.url == "https://example.com/u" && fromURL.title.isEmpty)
        await #expect(throws: ShareError.noLinkFound) { try await share.prepare(sharedURL: "", title: "no link", text: "none here") }
    }
}

actor VocabularySpy {
    struct Call { let url: String, title: String, text: String, vocabulary: [String] }
    private(set) var calls: [Call] = []
    func record(url: String, title: String, text: String, vocabulary: [String]) {
        calls.append(Call(url: url, title: title, text: text, vocabulary: vocabulary))
    }
}

@Suite struct ShareFormSaveTests {
    @Test func aPostedFormCreatesOrPatches() async throws {
        let f = try ShareServiceTests.Fixture()
        defer { f.dir.cleanUp() }
        let share = f.service(autoPodcastTags: ["listen"])
        let created = try await share.save(url: " https://example.com/form ", title: "Form", notes: "n", tags: ["a"], unread: true, createPodcast: false)
        #expect(!created.updated && created.bookmark.title == "Form" && created.bookmark.unread)
        #expect(created.podcast == nil)
        let patched = try await share.save(url: "https://example.com/form/", title: "Form", notes: "n2", tags: ["a", "listen"], unread: false, createPodcast: false)
        #expect(patched.updated && patched.bookmark.id == created.bookmark.id)
        #expect(patched.bookmark.notes == "n2" && !patched.bookmark.unread && patched.bookmark.tagNames == ["a", "listen"])
        #expect(patched.podcast?.trigger == .autoTag)
        #expect(try await f.source.bookmarks.count == 1)
        await #expect(throws: LibraryError.self) {
            try await share.save(url: "javascript:alert(1)", title: "", notes: "", tags: [], unread: false, createPodcast: false)
        }
    }
}
