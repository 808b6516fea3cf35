import Foundation
import MarksIndex
import Synchronization

/// Shows embedding progress: a bar redrawn with `\r` on standard error when on a terminal, otherwise a plain
/// line at every tenth (so logs stay readable).
final class IndexProgressPrinter: Sendable {
    private let context: CLIContext
    private let started: Date
    private let lastTenth = Mutex(-1)

    init(context: CLIContext) {
        self.context = context
        self.started = context.now()
    }

    func report(_ progress: IndexProgress) {
        let elapsed = context.now().timeIntervalSince(started)
        if context.isTerminal {
            context.standardError("\r" + Self.bar(progress, elapsed: elapsed) + "\u{1B}[K")
            if progress.done >= progress.total { context.standardError("\n") }
            return
        }
        let tenth = Int(progress.fraction * 10)
        let isNew = lastTenth.withLock { last in
            guard tenth > last else { return false }
            last = tenth
            return true
        }
        if isNew { context.printError(Self.line(progress, elapsed: elapsed)) }
    }

    /// `[#######.............]  35%  3500/10000 texts  312/s  ETA 21s`
    static func bar(_ progress: IndexProgress, elapsed: TimeInterval, width: Int = 28) -> String {
        let filled = Int((progress.fraction * Double(width)).rounded(.down))
        let percent = String(Int((progress.fraction * 100).rounded(.down))).leftPadded(to: 3)
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
            + "\(percent)%  \(progress.done)/\(progress.total) texts" + rate(progress, elapsed: elapsed)
    }

    /// `embedded 3500/10000 texts (35%)  312/s  ETA 21s`
    static func line(_ progress: IndexProgress, elapsed: TimeInterval) -> String {
        "embedded \(progress.done)/\(progress.total) texts (\(Int((progress.fraction * 100).rounded(.down)))%)" + rate(progress, elapsed: elapsed)
    }

    private static func rate(_ progress: IndexProgress, elapsed: TimeInterval) -> String {
        guard elapsed > 0.05, progress.done > 0 else { return "" }
        let perSecond = Double(progress.done) / elapsed
        let remaining = Double(max(0, progress.total - progress.done)) / perSecond
        return "  \(Int(perSecond.rounded()))/s" + (progress.done < progress.total ? "  ETA \(Int(remaining.rounded()))s" : "")
    }
}
