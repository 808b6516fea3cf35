import Foundation
import MarksEngine
import SentenceEmbeddings

/// `marks quality`: the offline quality figures on labelled texts that ship in Debian packages
/// (`scripts/fetch-eval-data.sh` fetches them): collections (adjusted Rand index), tags (vocabulary share,
/// new-tag count), summaries (lead kept, ROUGE-1).
enum QualityCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "quality",
        abstract: "Print the offline AI quality figures on labelled Debian texts.",
        discussion: "Needs the model (make model) and the evaluation texts (scripts/fetch-eval-data.sh)."
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let evaluation = QualityReport.evaluationDirectory(environment: context.environment)
        let reuters = evaluation.appendingPathComponent("reuters")
        guard FileManager.default.fileExists(atPath: reuters.path) else {
            throw CLIFailure("The evaluation texts are missing at \(evaluation.path). Run scripts/fetch-eval-data.sh (or make eval-data).")
        }
        let model: EmbeddingModel
        do {
            model = try EmbeddingModel.loadInstalled(environment: context.environment)
        } catch {
            throw CLIFailure(ModelLocator(environment: context.environment).missingModelMessage)
        }
        context.print("AI engine (offline), on Reuters acq/crude and Debian fortunes:")
        for line in try QualityReport.run(reutersDirectory: reuters, fortunesDirectory: evaluation.appendingPathComponent("fortunes"),
                                          embedder: model) {
            context.print("  " + line)
        }
        return ExitCode.success
    }
}
