import MarksCore
import MarksIndex
import SentenceEmbeddings

/// `marks embed TEXT…`: the sentence embedding of each text (all-MiniLM-L6-v2), for checks and scripts.
enum EmbedCommand: CLICommand {
    static let descriptor = CommandDescriptor(
        name: "embed",
        abstract: "Print the sentence embedding of each text (384 numbers, unit length).",
        discussion: "One line of space-separated numbers per text, in order; --json gives {model, dimension, embeddings: [{text, vector}]}.",
        arguments: [.positional("text", repeating: true, help: "The texts; quote each one.")],
        printsData: true
    )

    static func run(_ arguments: ParsedArguments, context: CLIContext) async throws -> Int32 {
        let texts = arguments.positionals("text")
        guard !texts.isEmpty else { throw arguments.usageError("give at least one TEXT") }
        guard let embedder = try context.installedEmbedder() else { return ExitCode.failure }
        let vectors = try embedder.embed(texts)
        if arguments.flag("json") {
            let items = zip(texts, vectors).map { text, vector in
                "{\"text\":\(JSONValue.string(text).serialized),\"vector\":[\(vector.map(number).joined(separator: ","))]}"
            }
            context.print("{\"model\":\(JSONValue.string(ModelLocator.modelName).serialized),\"dimension\":\(embedder.dimension),"
                + "\"embeddings\":[\(items.joined(separator: ","))]}")
        } else {
            for vector in vectors { context.print(vector.map(number).joined(separator: " ")) }
        }
        return ExitCode.success
    }

    /// The shortest text that reads back as the same Float (JSON has no NaN or infinity: those print 0).
    private static func number(_ value: Float) -> String {
        value.isFinite ? value.description : "0"
    }
}
