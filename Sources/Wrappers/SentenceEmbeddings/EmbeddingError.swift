/// Errors from loading or running the sentence-embedding model, each with a message a user can act on.
public enum EmbeddingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A model file could not be read from disk.
    case unreadableFile(path: String, reason: String)
    /// A `.safetensors` file is truncated or its header is malformed.
    case malformedSafeTensors(path: String, reason: String)
    /// A tensor the model needs is not in the weights file.
    case missingTensor(name: String)
    /// A tensor has a different dtype or shape than the model expects.
    case tensorMismatch(name: String, expected: String, found: String)
    /// `vocab.txt` is empty, not UTF-8, or lacks a special token.
    case malformedVocabulary(reason: String)
    /// `config.json` describes a model this implementation does not run.
    case unsupportedModel(reason: String)
    /// No model directory was found; the message says how to install it.
    case modelNotFound(message: String)
    /// A vector has a different length than the vectors it is compared with.
    case dimensionMismatch(expected: Int, found: Int)
    /// OpenBLAS (libopenblas.so.0), which runs the model's matrix products, could not be loaded.
    case blasUnavailable(reason: String)
    /// A flat matrix's element count is not a whole number of rows of `dimension` columns.
    case invalidMatrix(count: Int, dimension: Int)

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "Cannot read model file \(path): \(reason)."
        case let .malformedSafeTensors(path, reason):
            return "The weights file \(path) is damaged (\(reason)); run scripts/fetch-model.sh to download it again."
        case let .missingTensor(name):
            return "The weights file has no tensor \"\(name)\"; it is not all-MiniLM-L6-v2. Run scripts/fetch-model.sh to install the right model."
        case let .tensorMismatch(name, expected, found):
            return "Tensor \"\(name)\" is \(found) but all-MiniLM-L6-v2 needs \(expected); run scripts/fetch-model.sh to install the right model."
        case let .malformedVocabulary(reason):
            return "The vocabulary is unusable (\(reason)); run scripts/fetch-model.sh to download it again."
        case let .unsupportedModel(reason):
            return "Unsupported embedding model: \(reason). Marks runs all-MiniLM-L6-v2; run scripts/fetch-model.sh to install it."
        case let .modelNotFound(message):
            return message
        case let .dimensionMismatch(expected, found):
            return "A vector has \(found) dimensions where \(expected) are expected; rebuild the search index."
        case let .blasUnavailable(reason):
            return "OpenBLAS, which runs the embedding model, could not be loaded (\(reason)); install Debian's libopenblas0 (make deps)."
        case let .invalidMatrix(count, dimension):
            return "A matrix of \(count) numbers is not made of rows of \(dimension); rebuild the search index."
        }
    }
}
