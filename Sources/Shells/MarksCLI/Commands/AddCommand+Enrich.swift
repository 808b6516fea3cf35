import Foundation
import MarksCore
import MarksLibrary

/// What became of the AI summary `marks add` waits for after saving.
enum AddEnrichment {
    case enriched(EnrichmentOutcome)
    /// Enrichment could not run or failed; the message says why.
    case failed(String)
    /// It did not finish within the wait.
    case slow

    /// The `enrichment` member of `marks add --json`.
    var json: JSONValue {
        switch self {
        case .enriched(let outcome): return EnrichmentOutput.json(outcome)
        case .failed(let message): return .object([("error", .string(message))])
        case .slow: return .object([("error", .string("the AI summary is taking a while"))])
        }
    }

    /// The warning line for standard error, if any.
    func warning(id: Int) -> String? {
        switch self {
        case .enriched: return nil
        case .failed(let message): return "warning: no AI summary: \(message) (try marks enrich \(id))"
        case .slow: return "warning: the AI summary is taking a while; run marks enrich \(id) later"
        }
    }
}

extension AddCommand {
    /// How long `marks add` waits for the AI summary after saving (`MARKS_ENRICH_WAIT` seconds overrides).
    static let enrichWait: Duration = .seconds(20)

    /// After the save: enriches the new bookmark, waiting at most `enrichWait`. Never fails the command — the
    /// bookmark is already saved; a later `marks enrich` can retry.
    static func awaitEnrichment(_ id: Int, root: CompositionRoot, context: CLIContext) async -> AddEnrichment {
        let wait = context.environment["MARKS_ENRICH_WAIT"].flatMap(Double.init).map { Duration.milliseconds(Int(max(0, $0) * 1000)) } ?? enrichWait
        let service: EnrichmentService
        do {
            service = try root.enrichment()
        } catch {
            return .failed(CLIErrorMessage.describe(error))
        }
        let outcome: Result<EnrichmentOutcome, any Error>? = await withTaskGroup(of: Result<EnrichmentOutcome, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await service.enrich(id: id)) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(for: wait) } catch { return nil } // cancelled: the enrichment finished first
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let outcome)?: return .enriched(outcome)
        case .failure(let error)?: return .failed(CLIErrorMessage.describe(error))
        case nil: return .slow
        }
    }
}
