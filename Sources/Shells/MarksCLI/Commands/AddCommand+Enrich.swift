import Foundation
import MarksCore
import MarksLibrary

extension AddCommand {
    /// How long `marks add` waits for the AI summary after saving (`MARKS_ENRICH_WAIT` seconds overrides).
    static let enrichWait: Duration = .seconds(20)

    /// After the save has been printed: enriches the new bookmark, waiting at most `enrichWait`, and prints
    /// the summary. Never fails the command — the bookmark is already saved; a later `marks enrich` can retry.
    static func enrichAfterAdd(_ id: Int, root: CompositionRoot, context: CLIContext) async {
        let wait = context.environment["MARKS_ENRICH_WAIT"].flatMap(Double.init).map { Duration.milliseconds(Int(max(0, $0) * 1000)) } ?? enrichWait
        let service: EnrichmentService
        do {
            service = try root.enrichment()
        } catch {
            context.printError("warning: no AI summary: \(CLIErrorMessage.describe(error))")
            return
        }
        let outcome: Result<EnrichmentOutcome, any Error>? = await withTaskGroup(of: Result<EnrichmentOutcome, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await service.enrich(id: id)) } catch { return .failure(error) }
            }
            group.addTask {
                do { try await Task.sleep(for: wait) } catch { return nil }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let outcome)?:
            EnrichmentOutput.lines(outcome).forEach(context.print)
        case .failure(let error)?:
            context.printError("warning: no AI summary: \(CLIErrorMessage.describe(error)) (try marks enrich \(id))")
        case nil:
            context.printError("warning: the AI summary is taking a while; run marks enrich \(id) later")
        }
    }
}
