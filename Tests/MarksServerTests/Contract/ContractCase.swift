import Foundation
import MarksCore
import Testing

/// The bookmark-source contract (LINKDING_API.md): every operation of the seam and linkding's surprising
/// behaviours, written once and run against each `ContractTarget`.
enum ContractCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case createThenGet
    case createKeepsEveryField
    case postOfAnExistingURLOverwrites
    case patchSendsOnlyChangedFields
    case patchClearsTagsOnlyWhenAskedTo
    case patchToAnotherBookmarksURLIs400
    case tagNamesAreCleaned
    case plusSignsInQueriesAreEncoded
    case searchLanguage
    case paginationFollowsNext
    case archivedBookmarksHaveTheirOwnList
    case archiveAndUnarchiveAreIdempotent
    case checkFindsByNormalizedURL
    case checkWithoutABookmark
    case scrapingFillsAnEmptyTitle
    case missingBookmarksAre404
    case invalidInputIs400WithFieldMessages
    case datesRoundTripInEveryForm
    case modifiedSinceIsStrictlyAfter
    case unreadAndSharedFilters
    case sortOrders
    case deleteThenGone
    case tagsListInCreationOrder
    case healthReportsAVersion
    case bundlesAreSavedSearches

    var testDescription: String { rawValue }

    /// Runs the case against a fresh fixture.
    func run(_ fixture: ContractFixture) async throws {
        switch self {
        case .createThenGet: try await Self.createThenGet(fixture)
        case .createKeepsEveryField: try await Self.createKeepsEveryField(fixture)
        case .postOfAnExistingURLOverwrites: try await Self.postOfAnExistingURLOverwrites(fixture)
        case .patchSendsOnlyChangedFields: try await Self.patchSendsOnlyChangedFields(fixture)
        case .patchClearsTagsOnlyWhenAskedTo: try await Self.patchClearsTagsOnlyWhenAskedTo(fixture)
        case .patchToAnotherBookmarksURLIs400: try await Self.patchToAnotherBookmarksURLIs400(fixture)
        case .tagNamesAreCleaned: try await Self.tagNamesAreCleaned(fixture)
        case .plusSignsInQueriesAreEncoded: try await Self.plusSignsInQueriesAreEncoded(fixture)
        case .searchLanguage: try await Self.searchLanguage(fixture)
        case .paginationFollowsNext: try await Self.paginationFollowsNext(fixture)
        case .archivedBookmarksHaveTheirOwnList: try await Self.archivedBookmarksHaveTheirOwnList(fixture)
        case .archiveAndUnarchiveAreIdempotent: try await Self.archiveAndUnarchiveAreIdempotent(fixture)
        case .checkFindsByNormalizedURL: try await Self.checkFindsByNormalizedURL(fixture)
        case .checkWithoutABookmark: try await Self.checkWithoutABookmark(fixture)
        case .scrapingFillsAnEmptyTitle: try await Self.scrapingFillsAnEmptyTitle(fixture)
        case .missingBookmarksAre404: try await Self.missingBookmarksAre404(fixture)
        case .invalidInputIs400WithFieldMessages: try await Self.invalidInputIs400WithFieldMessages(fixture)
        case .datesRoundTripInEveryForm: try await Self.datesRoundTripInEveryForm(fixture)
        case .modifiedSinceIsStrictlyAfter: try await Self.modifiedSinceIsStrictlyAfter(fixture)
        case .unreadAndSharedFilters: try await Self.unreadAndSharedFilters(fixture)
        case .sortOrders: try await Self.sortOrders(fixture)
        case .deleteThenGone: try await Self.deleteThenGone(fixture)
        case .tagsListInCreationOrder: try await Self.tagsListInCreationOrder(fixture)
        case .healthReportsAVersion: try await Self.healthReportsAVersion(fixture)
        case .bundlesAreSavedSearches: try await Self.bundlesAreSavedSearches(fixture)
        }
    }

    /// The error a call throws, as the seam's `BookmarkSourceError`.
    static func sourceError(_ body: () async throws -> Void) async -> BookmarkSourceError? {
        do {
            try await body()
            return nil
        } catch let error as BookmarkSourceError {
            return error
        } catch {
            Issue.record("expected a BookmarkSourceError, got \(error)")
            return nil
        }
    }
}
