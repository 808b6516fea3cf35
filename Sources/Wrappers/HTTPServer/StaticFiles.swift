#if canImport(Glibc)
import Glibc
#endif

/// Serves the files below a directory for GET and HEAD, with the caching and Range behaviour of
/// `HTTPResponse.file`. Refuses `..`, hidden files (`.env`, `.git`) and symlinks leading outside
/// the directory with 404; NUL bytes or bad escapes never reach it (the request is a 400 first).
public struct StaticFiles: HTTPResponder {
    private let root: String
    private let urlPrefix: String
    private let cacheControl: String?
    private let indexFile: String?

    /// Serves `root` at `urlPrefix` (e.g. `/static/`): `/static/app.css` → `root/app.css`.
    /// Directories answer with `indexFile` when present.
    public init(root: String, urlPrefix: String = "/", cacheControl: String? = "no-cache", indexFile: String? = "index.html") {
        var resolved = root
        if let real = realpath(root, nil) {
            resolved = String(cString: real)
            free(real)
        }
        self.root = resolved
        var prefix = urlPrefix.hasPrefix("/") ? urlPrefix : "/" + urlPrefix
        if !prefix.hasSuffix("/") { prefix += "/" }
        self.urlPrefix = prefix
        self.cacheControl = cacheControl
        self.indexFile = indexFile
    }

    public func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            throw HTTPError(405, "Method \"\(request.method.rawValue)\" not allowed.", headers: ["Allow": "GET, HEAD"])
        }
        let relative: [String]
        if request.path + "/" == urlPrefix {
            relative = []
        } else {
            guard request.path.hasPrefix(urlPrefix) else { throw notFound }
            let prefixSegments = urlPrefix.split(separator: "/").count
            relative = Array(request.pathSegments.dropFirst(prefixSegments))
        }
        return try serve(relative, for: request)
    }

    /// Serves the file at `relativePath` (decoded, `/`-separated) below the root for `request`;
    /// for routes such as `/static/*path` that pass `request.pathParameters["path"]`.
    public func serve(relativePath: String, for request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        try serve(relativePath.split(separator: "/", omittingEmptySubsequences: false).map(String.init), for: request)
    }

    private func serve(_ segments: [String], for request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        var kept: [String] = []
        for (offset, segment) in segments.enumerated() {
            if segment.isEmpty && offset == segments.count - 1 { break }
            guard !segment.isEmpty, !segment.hasPrefix("."), !segment.contains("/"), !segment.contains("\\"),
                  !segment.utf8.contains(0) else { throw notFound }
            kept.append(segment)
        }
        var candidate = kept.isEmpty ? root : root + "/" + kept.joined(separator: "/")
        if isDirectory(candidate) {
            guard let indexFile else { throw notFound }
            candidate += "/" + indexFile
        }
        guard let real = realpath(candidate, nil) else { throw notFound }
        let resolved = String(cString: real)
        free(real)
        guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { throw notFound }
        return try HTTPResponse.file(
            path: resolved, contentType: MediaType.forPath(candidate), request: request, cacheControl: cacheControl)
    }

    private var notFound: HTTPError { HTTPError(404, "Nothing is found at this address.") }

    private func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}
