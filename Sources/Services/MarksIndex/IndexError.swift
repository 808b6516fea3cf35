import SQLiteDatabase

/// What can go wrong with the local search index, each with a message a person can act on.
public enum IndexError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The search text has no word to look for (only punctuation or white space).
    case emptyQuery
    /// The sentence-embedding model is not installed (ModelLocator's message says how to get it).
    case modelMissing(message: String)
    /// The embedding model gave vectors of another length than the index holds.
    case dimensionMismatch(expected: Int, found: Int)
    /// The embedder returned a different number of vectors than texts it was given.
    case embedderMiscounted(texts: Int, vectors: Int)
    /// The index database failed (a locked, full or damaged file).
    case storage(String)
    /// The labelled evaluation texts are missing or unreadable.
    case evaluationData(String)

    /// A sentence for a person.
    public var description: String {
        switch self {
        case .emptyQuery:
            return "The search has no words to look for; type at least one letter or digit."
        case .modelMissing(let message):
            return message
        case .dimensionMismatch(let expected, let found):
            return "The embedding model gave \(found)-dimensional vectors where the index holds \(expected); run `marks index --rebuild`."
        case .embedderMiscounted(let texts, let vectors):
            return "The embedding model returned \(vectors) vectors for \(texts) texts; run `marks index` again, and report this if it repeats."
        case .storage(let detail):
            return "The search index could not be read or written: \(detail). Run `marks index --rebuild` if the file is damaged."
        case .evaluationData(let detail):
            return "The evaluation texts are missing: \(detail). Run scripts/fetch-eval-data.sh to download them."
        }
    }

    /// Wraps an SQLite failure.
    @discardableResult
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as IndexError {
            throw error
        } catch let error as SQLiteError {
            throw IndexError.storage(error.description)
        } catch {
            throw IndexError.storage(String(describing: error))
        }
    }
}
