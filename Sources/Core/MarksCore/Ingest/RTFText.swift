import Foundation

/// The plain text of an RTF document, and its HYPERLINK fields.
///
/// A small converter, not a layout engine: it understands control words and symbols, `\par` and
/// friends, `\'hh` (Windows-1252), `\uN` with its `\ucN` fallbacks, `\bin`, and skips every group that
/// is not body text (`\fonttbl`, `\colortbl`, `\stylesheet`, `\info`, `\pict`, `\object`, `\*`
/// destinations, headers, footers, ...). Groups are tracked on an explicit stack, so deep nesting
/// cannot exhaust the call stack; nesting beyond `maximumDepth` is flattened.
public struct RTFText: Sendable, Equatable {
    /// One `HYPERLINK` field.
    public struct Hyperlink: Sendable, Equatable {
        /// The field's target, as written (not validated).
        public var target: String
        /// The field's visible result text.
        public var text: String
        /// Where `text` starts in `RTFText.text`, in UTF-8 bytes.
        public var offset: Int

        /// Creates a hyperlink.
        public init(target: String, text: String, offset: Int) {
            self.target = target
            self.text = text
            self.offset = offset
        }
    }

    /// Groups nested deeper than this are read as if they were not groups.
    public static let maximumDepth = 10_000

    /// The document's text: paragraphs end with "\n", cells and tabs become "\t".
    public var text: String
    /// HYPERLINK fields with a target, in document order (local `\l` bookmarks are left out).
    public var hyperlinks: [Hyperlink]

    /// Converts RTF bytes (anything is accepted; text without control words passes through).
    public init(rtf: some Collection<UInt8>) {
        var reader = RTFReader(bytes: Array(rtf))
        reader.run()
        self.text = String(decoding: reader.output, as: UTF8.self)
        self.hyperlinks = reader.hyperlinks
    }

    /// Converts RTF given as a string (e.g. read from the pasteboard as text).
    public init(rtf: String) {
        self.init(rtf: Array(rtf.utf8))
    }
}
