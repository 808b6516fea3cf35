/// A route path pattern such as `/api/bookmarks/:id/` or `/static/*path`, matched segment by segment
/// against the decoded path. `:name` matches one non-empty segment; a final `*name` matches the rest
/// (possibly empty); anything else must be equal. A trailing slash is significant.
struct RoutePattern: Sendable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case catchAll(String)
    }

    let segments: [Segment]
    let description: String

    init(_ pattern: String) {
        let normalized = pattern.hasPrefix("/") ? pattern : "/" + pattern
        let parts = normalized.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var segments: [Segment] = []
        for (offset, part) in parts.enumerated() {
            if part.hasPrefix(":"), part.count > 1 {
                segments.append(.parameter(String(part.dropFirst())))
            } else if part.hasPrefix("*"), offset == parts.count - 1 {
                segments.append(.catchAll(String(part.dropFirst())))
            } else {
                segments.append(.literal(String(part)))
            }
        }
        self.segments = segments
        self.description = normalized
    }

    /// The captured parameters when `path` (decoded segments) matches, nil otherwise.
    func match(_ path: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        if case .catchAll(let name) = segments.last {
            let fixed = segments.count - 1
            guard path.count >= fixed, matchFixed(path, count: fixed, into: &parameters) else { return nil }
            if !name.isEmpty { parameters[name] = path[fixed...].joined(separator: "/") }
            return parameters
        }
        guard path.count == segments.count, matchFixed(path, count: segments.count, into: &parameters) else {
            return nil
        }
        return parameters
    }

    /// Lower sorts first: literal segments beat parameters, parameters beat a catch-all.
    var specificity: [Int] {
        segments.map {
            switch $0 {
            case .literal: 0
            case .parameter: 1
            case .catchAll: 2
            }
        }
    }

    private func matchFixed(_ path: [String], count: Int, into parameters: inout [String: String]) -> Bool {
        for index in 0..<count {
            switch segments[index] {
            case .literal(let text):
                if path[index] != text { return false }
            case .parameter(let name):
                if path[index].isEmpty { return false }
                parameters[name] = path[index]
            case .catchAll:
                return false
            }
        }
        return true
    }
}
