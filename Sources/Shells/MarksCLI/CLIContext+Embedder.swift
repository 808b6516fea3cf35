import MarksIndex

extension CLIContext {
    /// The installed sentence-embedding model, or nil after saying on stderr how to get it (the command then exits 1).
    func installedEmbedder() throws -> IndexEmbedder? {
        do {
            return try IndexEmbedder.installed(environment: environment)
        } catch IndexError.modelMissing(let message) {
            printError("marks: " + message)
            return nil
        }
    }
}
