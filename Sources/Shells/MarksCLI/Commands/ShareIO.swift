import Foundation
import MarksCore
#if canImport(Glibc)
import Glibc
#endif

/// What `marks share` reads besides its arguments — standard input, the clipboard, the person at the
/// terminal — injected so tests run the command in memory.
struct ShareIO: Sendable {
    /// Standard input's bytes (up to the parser's limit).
    var readStandardInput: @Sendable () throws -> Data
    /// True when standard input is a terminal (nothing was piped in).
    var standardInputIsTerminal: Bool
    /// The clipboard's text.
    var readClipboard: @Sendable () throws -> String
    /// Who answers the card's questions; nil when there is no terminal to ask on.
    var prompter: SharePrompter?

    /// The process's own.
    static func live(_ context: CLIContext) -> ShareIO {
        ShareIO(
            readStandardInput: { try FileHandle.standardInput.read(upToCount: IngestPayloadParser.maximumPayloadBytes) ?? Data() },
            standardInputIsTerminal: isatty(STDIN_FILENO) == 1,
            readClipboard: { try ClipboardReader.read(environment: context.environment) },
            prompter: SharePrompter.terminal(context: context)
        )
    }
}
