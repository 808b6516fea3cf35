extension IndexedDocument {
    /// The document is a source (a document of MarksDocuments, written under its negated row number), not a bookmark.
    public var isSource: Bool { id < 0 }
}
