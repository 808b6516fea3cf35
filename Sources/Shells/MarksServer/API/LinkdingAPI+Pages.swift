import HTTPServer
import MarksCore
import MarksStorage

/// Paged answers: `{count, next, previous, results}` with absolute links built from the Host the request came to.
extension LinkdingAPI {
    /// A page of `results` (already cut to the page) of a list of `count` items at the request's path.
    func pageResponse(_ request: HTTPRequest, page: PageRequest, count: Int, results: [JSONValue]) -> HTTPResponse {
        let links = PageLinks.links(base: origin(of: request), path: request.path,
                                    parameters: request.query.map { ($0.name, $0.value) },
                                    limit: page.limit, offset: page.offset, count: count)
        return Self.json(Page(count: count, next: links.next, previous: links.previous, results: results).jsonValue { $0 })
    }

    /// `http://<Host>` as Django's `build_absolute_uri` makes it; a missing or malformed Host (Django would refuse it)
    /// falls back to the configured origin.
    func origin(of request: HTTPRequest) -> String {
        guard let host = request.headers["Host"], Self.isValidHost(host) else { return configuration.fallbackOrigin }
        return "http://" + host
    }

    /// Django's host check: a domain name or a bracketed IPv6 literal, with an optional port.
    static func isValidHost(_ host: String) -> Bool {
        let lower = host.lowercased()
        var rest = Substring(lower)
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return false }
            let literal = rest[rest.index(after: rest.startIndex)..<close]
            guard literal.contains(":"), literal.allSatisfy({ "0123456789abcdef:.".contains($0) }) else { return false }
            rest = rest[rest.index(after: close)...]
        } else {
            let end = rest.firstIndex(of: ":") ?? rest.endIndex
            let name = rest[..<end]
            guard !name.isEmpty, name.allSatisfy({ "abcdefghijklmnopqrstuvwxyz0123456789.-".contains($0) }) else { return false }
            rest = rest[end...]
        }
        if rest.isEmpty { return true }
        let port = rest.dropFirst()
        return rest.hasPrefix(":") && !port.isEmpty && port.count <= 5 && port.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
