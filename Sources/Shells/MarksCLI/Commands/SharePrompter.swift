import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Asks the person a question and reads one line of answer (nil at end of input). Injected so tests answer
/// from a script; the live one talks to the controlling terminal (`/dev/tty`), because standard input
/// usually carries the shared text.
struct SharePrompter: Sendable {
    let ask: @Sendable (_ question: String) -> String?

    /// The terminal, when standard output is one and `/dev/tty` can be opened; nil otherwise.
    static func terminal(context: CLIContext) -> SharePrompter? {
        guard context.isTerminal else { return nil }
        let probe = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard probe >= 0 else { return nil }
        close(probe)
        return SharePrompter { question in
            context.standardOutput(TerminalText.sanitized(question))
            return readTerminalLine()
        }
    }

    /// A yes/no question; Enter takes the default; nil at end of input.
    func confirm(_ question: String, default value: Bool) -> Bool? {
        let hint = value ? "[Y/n]" : "[y/N]"
        for _ in 0..<3 {
            guard let answer = ask("\(question) \(hint) ") else { return nil }
            switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
            case "": return value
            case "y", "yes": return true
            case "n", "no": return false
            default: continue
            }
        }
        return nil
    }

    /// One line from `/dev/tty` (opened per question: a terminal in canonical mode hands over one line per read).
    private static func readTerminalLine() -> String? {
        let fd = open("/dev/tty", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 64 * 1024 {
            let n = read(fd, &byte, 1)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == 0x0A { break }
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
