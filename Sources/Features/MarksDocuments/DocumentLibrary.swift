import CryptoPrimitives
import Foundation
import SQLiteDatabase

/// The sources beside the bookmarks (the seeds' `IngestedSourceLibrary`): pasted text, PDFs and files, stored in
/// `marks.sqlite` with their originals under `<data>/sources/files/<uuid>/original`. Every surface (CLI, web app)
/// changes sources through here, and every change tells `observer` (the search index), so search, semantic search
/// and Ask see sources as they are. The same content (sha256) is never stored twice: the existing source is
/// offered instead. Nothing is half-written: an import that fails (too large, extraction killed, database error)
/// leaves no row and no file; one whose extraction failed is kept, without text, with the reason.
public struct DocumentLibrary: Sendable {
    let store: DocumentStore
    let files: DocumentFiles
    /// How text is taken out of files.
    public let extractor: DocumentExtractor
    /// Size and count limits.
    public let limits: DocumentLimits
    let observer: DocumentObserver?
    let now: @Sendable () -> Date
    let makeID: @Sendable () -> UUID
    /// What opening removed from a crash: staging files in `incoming/` and `files/<uuid>/` directories without a row.
    public let leftoversRemoved: [String]
    /// What opening could not clean up, in words (for a warning; the library works regardless).
    public let leftoverProblems: [String]

    /// How long a staging file or an original's directory without a row must have been untouched before opening the
    /// library removes it as a crash's leftover (another process may be importing it right now).
    public static let leftoverAge: TimeInterval = 3600

    /// The library over `database` (applying its migrations) with originals under `directory` (`<data>/sources`).
    /// Opening removes a crash's leftovers (see `leftoverAge`).
    public init(database: Database, directory: URL, extractor: DocumentExtractor, limits: DocumentLimits = DocumentLimits(),
                observer: DocumentObserver? = nil, now: @escaping @Sendable () -> Date,
                makeID: @escaping @Sendable () -> UUID = { UUID() }, leftoverAge: TimeInterval = DocumentLibrary.leftoverAge) throws {
        self.store = try DocumentStore(database: database)
        self.files = DocumentFiles(root: directory)
        self.extractor = extractor
        self.limits = limits
        self.observer = observer
        self.now = now
        self.makeID = makeID
        let leftovers = files.removeLeftovers(knownIDs: try store.allIDs(), now: now(), staleAfter: leftoverAge)
        self.leftoversRemoved = leftovers.removed
        self.leftoverProblems = leftovers.problems
    }

    /// Adds typed or pasted text; the title defaults to its first line; `createdAt` (default: now) for one put back
    /// from an export.
    public func addText(_ text: String, title: String? = nil, tags: [String] = [], createdAt: Date? = nil) async throws -> DocumentAddition {
        let body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { throw DocumentError.emptyText }
        guard body.utf8.count <= limits.maximumTextBytes else { throw DocumentError.tooLarge(limit: limits.maximumTextBytes) }
        let sha256 = SHA256.hex(body)
        if let existing = try await existing(sha256: sha256) { return .duplicate(existing) }
        let date = createdAt ?? now()
        let summary = DocumentSummary(
            id: makeID(), number: 0, kind: .text, title: Self.title(title, fallback: body), tags: Self.clean(tags),
            originalFilename: nil, mediaType: "text/plain; charset=utf-8", byteSize: body.utf8.count, sha256: sha256,
            pageCount: nil, textLength: body.count, extractionNote: nil, createdAt: date, modifiedAt: date, deletedAt: nil)
        let stored = try store.insert(StoredDocument(summary: summary, body: body, pages: []))
        await observer?.saved([stored])
        return .added(stored)
    }

    /// Imports a copy of the file at `path`: `filename` (default: its last path component) is kept as metadata only.
    /// `createdAt` (default: now) for one put back from an export.
    public func importFile(at path: URL, filename: String? = nil, title: String? = nil, tags: [String] = [],
                           createdAt: Date? = nil) async throws -> DocumentAddition {
        let staged = try files.stage(copying: path, limit: limits.maximumFileBytes)
        return try await add(staged, filename: filename ?? path.lastPathComponent, title: title, tags: tags, createdAt: createdAt)
    }

    /// Where an upload streams its bytes before `importUpload` (a fresh file under `<data>/sources/incoming/`, on the
    /// same file system as the originals, so keeping it is a rename).
    public func uploadFile() throws -> URL {
        try files.incomingFile()
    }

    /// Imports a file an upload streamed to `uploadFile()`: it is moved, not copied; `filename` is the client's
    /// name for it (metadata only). Over the size limit it is removed and the error is `tooLarge`.
    /// `createdAt` (default: now) for one put back from an export.
    public func importUpload(_ file: URL, filename: String?, title: String? = nil, tags: [String] = [],
                             createdAt: Date? = nil) async throws -> DocumentAddition {
        let staged = try files.stage(streamed: file, limit: limits.maximumFileBytes)
        return try await add(staged, filename: filename, title: title, tags: tags, createdAt: createdAt)
    }

    private func add(_ staged: DocumentFiles.Staged, filename: String?, title: String?, tags: [String],
                     createdAt: Date? = nil) async throws -> DocumentAddition {
        do {
            if let existing = try await existing(sha256: staged.sha256) {
                files.discard(staged.url)
                return .duplicate(existing)
            }
            let extraction = try await extractor.extract(file: staged.url, filename: filename, byteSize: staged.byteSize)
            try Task.checkCancellation()
            let id = makeID()
            let date = createdAt ?? now()
            let name = Self.metadataName(filename)
            let summary = DocumentSummary(
                id: id, number: 0, kind: extraction.kind, title: Self.title(Self.given(title) ?? extraction.title, fallback: name ?? extraction.text),
                tags: Self.clean(tags), originalFilename: name ?? "untitled", mediaType: extraction.mediaType, byteSize: staged.byteSize,
                sha256: staged.sha256, pageCount: extraction.pageCount, textLength: extraction.text.count,
                extractionNote: extraction.note, createdAt: date, modifiedAt: date, deletedAt: nil)
            try files.commit(staged, id: id)
            let stored: StoredDocument
            do {
                stored = try store.insert(StoredDocument(summary: summary, body: extraction.text, pages: extraction.pages))
            } catch {
                try files.remove(id)
                throw error
            }
            await observer?.saved([stored])
            return .added(stored)
        } catch {
            files.discard(staged.url)
            throw error
        }
    }

    /// The live source with the same content; a trashed one is purged first (the new import replaces it).
    private func existing(sha256: String) async throws -> DocumentSummary? {
        guard let found = try store.summary(sha256: sha256) else { return nil }
        if found.deletedAt == nil { return found }
        try await purge(id: found.id)
        return nil
    }

    /// Live sources, newest first.
    public func list() throws -> [DocumentSummary] {
        try store.list()
    }

    /// The trash: deleted sources, most recently deleted first.
    public func trash() throws -> [DocumentSummary] {
        try store.list(deleted: true)
    }

    /// A live source with its text.
    public func source(id: UUID) throws -> StoredDocument {
        guard let source = try store.source(id: id) else { throw DocumentError.notFound(id.uuidString.lowercased()) }
        return source
    }

    /// The source a full uuid or a unique prefix of it (at least 4 characters) names; `includeDeleted` also looks
    /// in the trash.
    public func resolve(_ text: String, includeDeleted: Bool = false) throws -> DocumentSummary {
        var prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
        if prefix.hasPrefix("marks-source://") { prefix.removeFirst("marks-source://".count) }
        guard prefix.count >= 4, prefix.count <= 36, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw DocumentError.notFound(text)
        }
        let found = try store.matching(prefix: prefix, includeDeleted: includeDeleted)
        if found.count > 1 { throw DocumentError.ambiguous(prefix, count: found.count) }
        guard let only = found.first else { throw DocumentError.notFound(text) }
        return only
    }

    /// The stored original of a file source (nil for text, which has none).
    public func originalFile(id: UUID) throws -> URL? {
        let summary = try source(id: id).summary
        guard summary.kind != .text else { return nil }
        return files.original(id)
    }

    /// Changes title, tags or text (never the original); returns the source as it is now.
    public func update(id: UUID, _ update: DocumentUpdate) async throws -> StoredDocument {
        var cleaned = update
        cleaned.tags = update.tags.map(Self.clean)
        cleaned.title = update.title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let body = cleaned.body, body.utf8.count > limits.maximumTextBytes { throw DocumentError.tooLarge(limit: limits.maximumTextBytes) }
        guard let stored = try store.update(id: id, cleaned, now: now()) else { throw DocumentError.notFound(id.uuidString.lowercased()) }
        await observer?.saved([stored])
        return stored
    }

    /// Moves a source to the trash (its original stays until it is purged; `restore` brings it back).
    public func delete(id: UUID) async throws -> DocumentSummary {
        guard let stored = try store.setDeleted(id: id, at: now()) else { throw DocumentError.notFound(id.uuidString.lowercased()) }
        await observer?.deleted([stored.summary])
        return stored.summary
    }

    /// Brings a trashed source back.
    public func restore(id: UUID) async throws -> StoredDocument {
        guard let stored = try store.setDeleted(id: id, at: nil) else { throw DocumentError.notFound(id.uuidString.lowercased()) }
        await observer?.saved([stored])
        return stored
    }

    /// Removes a source (live or trashed) and its original for good.
    public func purge(id: UUID) async throws {
        guard let removed = try store.purge(id: id) else { throw DocumentError.notFound(id.uuidString.lowercased()) }
        try files.remove(id)
        await observer?.deleted([removed])
        await observer?.purged([removed])
    }

    /// Purges what was deleted before `date`; returns how many.
    @discardableResult
    public func purgeDeleted(before date: Date) async throws -> Int {
        let old = try store.deleted(before: date)
        for source in old { try await purge(id: source.id) }
        return old.count
    }

    /// Live sources matching every word of `query` in title, tags, text or original filename, best first.
    public func search(_ query: String, limit: Int = 50) throws -> [DocumentSummary] {
        let words = Self.words(query)
        guard !words.isEmpty else { throw DocumentError.emptyQuery }
        let match = words.prefix(32).map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " ")
        return try store.search(match: match, limit: max(1, limit))
    }

    /// Tells the observer about every live source again (after the search index was rebuilt).
    public func reindex() async throws -> Int {
        let live = try store.list()
        for summary in live {
            if let source = try store.source(id: summary.id) { await observer?.saved([source]) }
        }
        return live.count
    }

    /// Runs of letters and digits: the words a search matches.
    public static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Tags trimmed, without `#`, empty ones dropped, each once (case-insensitively).
    static func clean(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.map { tag -> String in
            let trimmed = tag.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        }.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// A title the user gave, nil when blank (so the file's own title or its name is used).
    static func given(_ title: String?) -> String? {
        guard let title, !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return title
    }

    /// The given title, else the first line of `fallback`, at most 200 characters.
    static func title(_ title: String?, fallback: String) -> String {
        if let title = title?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty { return String(title.prefix(500)) }
        let line = fallback.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return String(line.prefix(200))
    }

    /// A client's filename as metadata: control characters (NUL, bidirectional overrides) removed, at most 255
    /// characters; nil when nothing is left. It is never used as a path.
    public static func metadataName(_ name: String?) -> String? {
        guard let name else { return nil }
        let kept = String(String.UnicodeScalarView(name.unicodeScalars.filter { scalar in
            !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format)
        })).trimmingCharacters(in: .whitespacesAndNewlines)
        return kept.isEmpty ? nil : String(kept.prefix(255))
    }
}
