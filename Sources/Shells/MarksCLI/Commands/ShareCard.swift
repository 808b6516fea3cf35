import MarksCore
import MarksShare

/// The share card on a terminal: how it reads, and the questions that edit it.
enum ShareCard {
    /// The card as lines (terminal-safe: control characters removed).
    static func render(_ draft: ShareDraft) -> String {
        var lines = ["Save to Marks", "  url:       \(draft.url.singleLine)"]
        lines.append("  title:     \(draft.title.isEmpty ? "(from the page)" : draft.title.singleLine)")
        let notes = draft.notes.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).singleLine }
        if notes.joined().isEmpty {
            lines.append("  notes:     —")
        } else {
            lines.append("  notes:     \(notes[0])")
            lines += notes.dropFirst().prefix(11).map { "             \($0)" }
            if notes.count > 12 { lines.append("             …") }
        }
        lines.append("  tags:      \(draft.tags.isEmpty ? "—" : list(draft.tags))")
        if !draft.suggestedTags.isEmpty { lines.append("  suggested: \(list(draft.suggestedTags))") }
        lines.append("  read later: \(draft.unread ? "yes" : "no")")
        switch draft.podcastPlan {
        case .none: lines.append("  podcast:   no")
        case .some((.requested, _)): lines.append("  podcast:   yes")
        case .some((.autoTag, let tag)): lines.append("  podcast:   yes (auto-podcast tag \((tag ?? "").singleLine))")
        }
        if let existing = draft.existing {
            lines.append("  already saved as #\(existing.id) — saving updates it")
        }
        return lines.joined(separator: "\n")
    }

    /// Asks for tags, suggestions, notes, read later, podcast, then whether to save. False when the person
    /// declines; `CLIFailure` when input ends.
    static func edit(_ draft: inout ShareDraft, prompter: SharePrompter) throws -> Bool {
        func line(_ question: String) throws -> String {
            guard let answer = prompter.ask(question) else { throw CLIFailure("Cancelled; nothing saved.") }
            return answer.trimmingCharacters(in: .whitespaces)
        }
        func confirm(_ question: String, _ value: Bool) throws -> Bool {
            guard let answer = prompter.confirm(question, default: value) else { throw CLIFailure("Cancelled; nothing saved.") }
            return answer
        }
        let tagAnswer = try line("Tags [\(list(draft.tags))] (Enter keeps, +a,b adds, a list replaces, - clears): ")
        if tagAnswer == "-" {
            draft.tags = []
        } else if tagAnswer.hasPrefix("+") {
            draft.addTags(TagNames.parse(String(tagAnswer.dropFirst())))
        } else if !tagAnswer.isEmpty {
            draft.tags = []
            draft.addTags(TagNames.parse(tagAnswer))
        }
        if !draft.suggestedTags.isEmpty, try confirm("Add the suggested tags \(list(draft.suggestedTags))?", false) {
            draft.addTags(draft.suggestedTags)
        }
        let notesAnswer = try line("Notes (Enter keeps, - clears, anything else replaces): ")
        if notesAnswer == "-" { draft.notes = "" } else if !notesAnswer.isEmpty { draft.notes = notesAnswer }
        draft.unread = try confirm("Read later?", draft.unread)
        if draft.podcastPlan?.trigger != .autoTag {
            draft.createPodcast = try confirm("Create a podcast?", draft.createPodcast)
        }
        return try confirm(draft.updatesExisting ? "Update the bookmark?" : "Save?", true)
    }

    private static func list(_ tags: [String]) -> String {
        tags.map(\.singleLine).joined(separator: ", ")
    }
}
