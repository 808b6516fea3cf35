import Foundation

/// One item handed to the share flow (by the share page, `marks share`, or a paste), in the shapes a
/// share sheet offers.
public enum IngestPayload: Sendable, Equatable {
    /// A URL, as text. A bare host such as `example.com/path` is accepted here and read as https.
    case url(String)
    /// HTML (a copied selection or a page); relative links resolve against `<base href>`, then `baseURL`.
    case html(String, baseURL: URL?)
    /// Rich text.
    case rtf(Data)
    /// Plain text.
    case plainText(String)
    /// A file: `.rtf` / `.html` / `.htm` names (or RTF / HTML content) are read as such; anything
    /// else as text, UTF-8 (with or without BOM), UTF-16 with a BOM, else Latin-1.
    case textAttachment(Data, filename: String?)
}
