import Foundation

/// Parses `multipart/form-data` (RFC 7578) bodies as Django does for linkding's forms: parts named by
/// `Content-Disposition: form-data; name="…"`, a part with a `filename` is a file, text is read as UTF-8.
/// Hostile input gets a `Failure` (a clear 400), never a crash: delimiters are found in linear time, the
/// number of parts and the size of each header block are capped.
enum MultipartFormParser {
    /// Why the body could not be read, worded for DRF's `Multipart form parse error - …`.
    struct Failure: Error, Equatable {
        let message: String
    }

    /// Most parts accepted (Django's `DATA_UPLOAD_MAX_NUMBER_FIELDS`).
    static let maxParts = 1000
    /// Largest header block of one part.
    static let maxHeaderBytes = 8 * 1024

    /// The `boundary` parameter of a Content-Type, unquoted; nil when missing or not a valid boundary (RFC 2046:
    /// 1–70 printable characters, not ending in a space).
    static func boundary(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ (0x20...0x7E).contains($0) }),
                  value.utf8.last != 0x20 else { return nil }
            return value
        }
        return nil
    }

    /// The fields and files of `body`, delimited by `boundary`.
    static func parse(_ body: Data, boundary: String) throws(Failure) -> MultipartForm {
        // Every delimiter is CRLF "--" boundary; a CRLF is put in front so the first one needs no special case.
        let text = [UInt8]([0x0D, 0x0A]) + [UInt8](body)
        let delimiter = [UInt8]("\r\n--\(boundary)".utf8)
        var form = MultipartForm()
        var partStart: Int?
        var parts = 0
        for position in BytePattern(delimiter).occurrences(in: text) {
            guard partStart == nil || position >= partStart ?? 0 else { continue }
            var after = position + delimiter.count
            let closing = after + 1 < text.count && text[after] == UInt8(ascii: "-") && text[after + 1] == UInt8(ascii: "-")
            if !closing {
                while after < text.count, text[after] == 0x20 || text[after] == 0x09 { after += 1 }
                guard after + 1 < text.count, text[after] == 0x0D, text[after + 1] == 0x0A else { continue }
                after += 2
            }
            if let start = partStart {
                parts += 1
                guard parts <= maxParts else {
                    throw Failure(message: "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.")
                }
                try read(part: text[start..<position], into: &form)
            }
            if closing { return form }
            partStart = after
        }
        if partStart == nil { return form }  // no delimiter at all: an empty form, as Django reads it
        throw Failure(message: "The body ended before the closing boundary --\(boundary)--.")
    }

    private static func read(part: ArraySlice<UInt8>, into form: inout MultipartForm) throws(Failure) {
        guard let (headerEnd, contentStart) = headerBlock(in: part) else {
            throw Failure(message: "A part has no blank line after its headers (or they exceed \(maxHeaderBytes) bytes).")
        }
        let headerText = String(decoding: part[part.startIndex..<headerEnd], as: UTF8.self)
        let content = part[contentStart...]
        guard let head = try partHead(headerText) else { return }  // not a form field (Django skips such parts)
        if let filename = head.filename {
            if !filename.isEmpty {
                form.files.append(MultipartForm.File(name: head.name, filename: filename, contentType: head.contentType, data: Data(content)))
            }
            return
        }
        form.fields.append((head.name, String(decoding: content, as: UTF8.self)))
    }

    /// What a part's headers say: its field name, filename (a file part) and content type.
    struct PartHead: Equatable {
        let name: String
        let filename: String?
        let contentType: String?
    }

    /// Reads a part's header block (CRLF-separated lines); nil when the part is not a form field.
    static func partHead(_ headerText: String) throws(Failure) -> PartHead? {
        var disposition: [String: String]?
        var contentType: String?
        for line in headerText.components(separatedBy: "\r\n") where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else {
                throw Failure(message: "A part header is not \"Name: value\": \(line.prefix(100))")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-disposition" {
                disposition = HeaderParameters.parse(value)
            } else if name == "content-type" {
                contentType = value
            }
        }
        guard let disposition, disposition[""]?.lowercased() == "form-data", let name = disposition["name"] else { return nil }
        return PartHead(name: name, filename: disposition["filename"], contentType: contentType)
    }

    /// Where a part's headers end and its content starts (after the blank line); a part with no headers
    /// starts with the blank line's CRLF.
    private static func headerBlock(in part: ArraySlice<UInt8>) -> (headerEnd: Int, contentStart: Int)? {
        if part.starts(with: [0x0D, 0x0A]) { return (part.startIndex, part.startIndex + 2) }
        let limit = min(part.endIndex, part.startIndex + maxHeaderBytes)
        var index = part.startIndex
        while index + 3 < limit {
            if part[index] == 0x0D, part[index + 1] == 0x0A, part[index + 2] == 0x0D, part[index + 3] == 0x0A {
                return (index, index + 4)
            }
            index += 1
        }
        return nil
    }
}
