import Foundation

/// One question of the finding evaluation (`Evaluation/finding/*.jsonl`, issue 36): asked the way a person asks, in
/// words that are not the text's own, with every library item that truly answers it (none for the unanswerable ones).
public struct FindingQuestion: Sendable, Equatable, Decodable {
    public var id: String
    /// `function`, `paraphrase`, `recollection`, `unanswerable` or `near-miss`.
    public var kind: String
    public var question: String
    /// The items that answer it: Debian package names, or article paths (`library/csv.html`); empty when nothing does.
    public var expected: [String]

    /// A question from its fields.
    public init(id: String, kind: String, question: String, expected: [String]) {
        self.id = id
        self.kind = kind
        self.question = question
        self.expected = expected
    }

    /// Whether anything in the library answers it.
    public var isAnswerable: Bool { !expected.isEmpty }

    /// The questions of a JSON Lines text, one object a line (blank lines skipped); throws the decoder's error on a
    /// line that is not one.
    public static func parse(jsonLines text: String) throws -> [FindingQuestion] {
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { line in
            try decoder.decode(FindingQuestion.self, from: Data(line.utf8))
        }
    }
}
