/// What a source is: pasted or typed text, a PDF, or any other file (text, Markdown, HTML, data, binary).
public enum DocumentKind: String, Sendable, Equatable, CaseIterable, Codable {
    case text
    case pdf
    case file
}
