import CMicroHTTPD
#if canImport(Glibc)
import Glibc
#endif

/// Builds libmicrohttpd responses from `HTTPResponse` values: bytes are copied, files are handed
/// over as a file descriptor at an offset (MHD sends them with sendfile and closes the descriptor).
enum MHDResponse {
    struct Prepared {
        let pointer: OpaquePointer
        let status: Int
        let bodyBytes: UInt64
    }

    /// Headers libmicrohttpd writes itself.
    private static let managedHeaders: Set<String> = ["content-length", "date", "transfer-encoding"]

    /// How a streamed body is started: the connection it goes to, where its producer runs, and the server's
    /// bookkeeping of live streams.
    struct Streaming {
        let connection: OpaquePointer
        let executor: any TaskExecutor
        let register: (StreamPipe) -> Void
        let onClose: @Sendable (StreamPipe) -> Void
    }

    static func make(_ response: HTTPResponse, method: HTTPMethod, close: Bool, streaming: Streaming) -> Prepared? {
        var response = response
        if !(100...599).contains(response.status) {
            response = .text("The server produced an invalid status.", status: 500)
        }
        guard let (pointer, bytes) = body(for: response, streaming: streaming)
                ?? body(for: .text("The file could not be read.", status: 500), streaming: streaming)
        else { return nil }
        let status = bytes.status
        for field in bytes.headers {
            guard !managedHeaders.contains(field.name.lowercased()), !field.value.isEmpty else { continue }
            _ = MHD_add_response_header(pointer, field.name, field.value)
        }
        if close { _ = MHD_add_response_header(pointer, "Connection", "close") }
        let sentBytes = method == .head || status == 204 || status == 304 ? 0 : bytes.count
        return Prepared(pointer: pointer, status: status, bodyBytes: sentBytes)
    }

    private struct Sized {
        let status: Int
        let headers: HTTPHeaders
        let count: UInt64
    }

    private static func body(for response: HTTPResponse, streaming: Streaming) -> (OpaquePointer, Sized)? {
        let sized = Sized(status: response.status, headers: response.headers, count: response.body.count)
        switch response.body {
        case .stream(let body):
            return StreamPipe.response(body, connection: streaming.connection, executor: streaming.executor,
                                       register: streaming.register, onClose: streaming.onClose).map { ($0, sized) }
        case .empty:
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT).map { ($0, sized) }
        case .bytes(let data):
            let pointer = data.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(
                    buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
            return pointer.map { ($0, sized) }
        case .file(let path, let range):
            return fileBody(path: path, range: range).map { ($0, sized) }
        case .segments(let segments):
            return SegmentReader.response(segments).map { ($0, sized) }
        }
    }

    /// A response reading `range` of the file; nil when it cannot be opened or is now shorter.
    private static func fileBody(path: String, range: Range<UInt64>) -> OpaquePointer? {
        if range.isEmpty {
            return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, UInt64(info.st_size) >= range.upperBound,
              let response = MHD_create_response_from_fd_at_offset64(UInt64(range.count), descriptor, range.lowerBound)
        else {
            close(descriptor)
            return nil
        }
        return response
    }
}
