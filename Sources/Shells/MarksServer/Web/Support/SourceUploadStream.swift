import Foundation
import HTTPServer
import MarksDocuments

/// The body of `POST /sources/upload` as it arrives: a `multipart/form-data` form whose file parts are written
/// straight to `DocumentLibrary.uploadFile()` files (never held in memory), its few text fields kept. The limits hold
/// while it streams: a file over `maximumFileBytes` or more than `maximumFilesPerUpload` files stop the writing, remove
/// every file written so far and become the request's refusal (413 or 400, with the limit in the message); so does a
/// file part before a valid CSRF token (the `X-CSRF-Token` header, or the form's `_csrf` field ahead of the files),
/// so a forged form cannot fill the disk. After a refusal the rest of the body is read and dropped (all of a declared
/// `Content-Length` up to 2 GB, else one more file's worth; then the connection is closed), so the browser still sees
/// the answer.
///
/// The server calls it from one worker thread at a time (`HTTPBodyStream`); `finish` hands the result on as a
/// `SourceUpload`.
final class SourceUploadStream: HTTPBodyStream {
    /// Text fields beyond this many bytes in all are refused (the form has a title, tags and the token).
    static let maximumFieldBytes = 64 * 1024

    private let library: DocumentLibrary
    private var parser: MultipartStreamParser
    private let isValidCSRF: (String) -> Bool
    private var csrfVerified: Bool
    private var fields: [(String, String)] = []
    private var fieldBytes = 0
    private var files: [SourceUpload.File] = []
    /// The part being read: a file being written, or a text field being collected.
    private var current: Part?
    private var refusal: (any Error)?
    private var dropped = 0
    /// Bytes read and dropped after a refusal before the connection is closed.
    private let dropAllowance: Int

    private enum Part {
        case file(handle: FileHandle, url: URL, filename: String, contentType: String?, bytes: Int)
        case field(name: String, bytes: [UInt8])
        case skipped
    }

    /// A stream over a body delimited by `boundary`; `headerCSRF` is the request's `X-CSRF-Token` already checked
    /// (true) or absent (false: the form's `_csrf` field must come before any file).
    init(library: DocumentLibrary, boundary: String, declaredLength: Int?, headerCSRF: Bool, isValidCSRF: @escaping (String) -> Bool) {
        self.library = library
        self.dropAllowance = max(library.limits.maximumFileBytes + (1 << 20), min(declaredLength ?? 0, 2 << 30))
        self.parser = MultipartStreamParser(boundary: boundary)
        self.csrfVerified = headerCSRF
        self.isValidCSRF = isValidCSRF
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if refusal != nil {
            dropped += bytes.count
            return dropped <= dropAllowance
        }
        do {
            try parser.feed(bytes) { event in
                guard refusal == nil else { return }
                handle(event)
            }
        } catch {
            refuse(HTTPError(400, "The upload could not be read: \(error.message)"))
        }
        return true
    }

    func finish() -> any Sendable {
        if refusal == nil {
            do {
                try parser.finish()
            } catch {
                refuse(HTTPError(400, "The upload could not be read: \(error.message)"))
            }
        }
        if let refusal { return SourceUpload(fields: fields, files: [], refusal: refusal) }
        return SourceUpload(fields: fields, files: files, refusal: nil)
    }

    func cancel() {
        closeCurrent(keep: false)
        removeFiles()
    }

    // MARK: Parts

    private func handle(_ event: MultipartStreamParser.Event) {
        switch event {
        case .begin(let head):
            begin(head)
        case .content(let bytes):
            append(bytes)
        case .end:
            closeCurrent(keep: true)
        }
    }

    private func begin(_ head: MultipartFormParser.PartHead?) {
        guard let head else { current = .skipped; return }
        guard let filename = head.filename else {
            current = .field(name: head.name, bytes: [])
            return
        }
        guard !filename.isEmpty else { current = .skipped; return }  // the form's file input with nothing chosen
        guard csrfVerified else {
            refuse(HTTPError(403, "This form is out of date (its security token does not match). Reload the page and try again."))
            return
        }
        guard files.count < library.limits.maximumFilesPerUpload else {
            let failed = HTTPFailure(DocumentError.tooManyFiles(limit: library.limits.maximumFilesPerUpload))
            refuse(HTTPError(failed.status, failed.message + " Upload the rest in another go."))
            return
        }
        do {
            let url = try library.uploadFile()
            guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw DocumentError.file(path: url.path, reason: "could not create the file")
            }
            let handle = try FileHandle(forWritingTo: url)
            current = .file(handle: handle, url: url, filename: filename, contentType: head.contentType, bytes: 0)
        } catch {
            refuse(error)  // a storage failure: a generic 500, its cause logged (`HTTPFailure`)
        }
    }

    private func append(_ bytes: UnsafeRawBufferPointer) {
        switch current {
        case .file(let handle, let url, let filename, let contentType, let written):
            let total = written + bytes.count
            guard total <= library.limits.maximumFileBytes else {
                let failed = HTTPFailure(DocumentError.tooLarge(limit: library.limits.maximumFileBytes))
                refuse(HTTPError(failed.status, failed.message + " “\(filename)” was not stored."))
                return
            }
            do {
                try handle.write(contentsOf: bytes)
            } catch {
                refuse(error)
                return
            }
            current = .file(handle: handle, url: url, filename: filename, contentType: contentType, bytes: total)
        case .field(let name, var collected):
            fieldBytes += bytes.count
            guard fieldBytes <= Self.maximumFieldBytes else {
                refuse(HTTPError(400, "The upload form's text fields are too long (at most \(Self.maximumFieldBytes / 1024) KB)."))
                return
            }
            current = nil  // so the array is not copied while it grows
            collected.append(contentsOf: bytes)
            current = .field(name: name, bytes: collected)
        case .skipped, nil:
            break
        }
    }

    /// Ends the current part: a file is closed (and kept, or removed), a field stored.
    private func closeCurrent(keep: Bool) {
        defer { current = nil }
        switch current {
        case .file(let handle, let url, let filename, let contentType, let bytes):
            do {
                try handle.close()
            } catch {
                if keep { refuse(error) }
            }
            if keep && refusal == nil {
                files.append(SourceUpload.File(url: url, filename: filename, contentType: contentType, byteSize: bytes))
            } else {
                SourceUpload.remove(url)
            }
        case .field(let name, let bytes):
            guard keep else { return }
            let value = String(decoding: bytes, as: UTF8.self)
            fields.append((name, value))
            if name == "_csrf", !csrfVerified { csrfVerified = isValidCSRF(value) }
        case .skipped, nil:
            break
        }
    }

    private func refuse(_ error: any Error) {
        guard refusal == nil else { return }
        refusal = error
        closeCurrent(keep: false)
        removeFiles()
    }

    private func removeFiles() {
        for file in files { SourceUpload.remove(file.url) }
        files.removeAll()
    }
}
