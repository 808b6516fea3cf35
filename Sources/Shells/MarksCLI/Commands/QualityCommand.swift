import Foundation
import MarksAssembly
import MarksClients
import MarksEngine
import MarksIndex
import MarksAsk
import MarksBookmarks
import SentenceEmbeddings

/// `marks quality`: the offline quality figures on labelled texts that ship in Debian packages
/// (`scripts/fetch-eval-data.sh` fetches them): collections (adjusted Rand index), tags (vocabulary share,
/// new-tag count), summaries (lead kept, ROUGE-1), tag suggestions against a keyword baseline on Debian's packages
/// (precision, recall@5, tags outside the vocabulary), Ask (answer-passage recall, citation precision, abstention),
/// offline and, when the config names one, with the provider.
enum QualityCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "quality",
        abstract: "Print the offline AI quality figures on labelled Debian texts.",
        discussion: "Needs the model (make model) and the evaluation texts (scripts/fetch-eval-data.sh).",
        arguments: [.flag("details", help: "Also print tag examples, and each Ask question with its answer or why it abstained.")]
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
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("marks-ask-quality-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) } // safe: a leftover temp directory is harmless
        if FileManager.default.fileExists(atPath: TagQuality.corpusFile(evaluationDirectory: evaluation).path) {
            let tags = try await TagQuality.measure(evaluationDirectory: evaluation, scratchDirectory: scratch, embedder: .model(model))
            for line in TagQuality.format(tags) { context.print(line) }
            if arguments.flag("details") {
                for line in tags.examples { context.print("    " + line) }
            }
        } else {
            context.print("Tags (Debian packages): the package list is missing; run scripts/fetch-eval-data.sh (or make eval-data).")
        }
        // Offline always; then the configured provider (the `ai` section), on the same questions.
        let provider = try Settings.load(arguments, context: context).config.ai
            .map { try ProviderSettings(config: $0, environment: context.environment).client() }
        var engines: [(any ProviderClient)?] = [nil]
        if let provider { engines.append(provider) }
        for client in engines {
            let ask = try await AskQuality.measure(evaluationDirectory: evaluation, scratchDirectory: scratch, embedder: .model(model),
                                                   provider: client)
            for line in AskQuality.format(ask) { context.print(line) }
            if arguments.flag("details") {
                for line in ask.details { context.print("    " + line) }
            }
        }
        if provider == nil { context.print("Ask with a provider: none configured (the config's `ai` section).") }
        return ExitCode.success
    }
}
