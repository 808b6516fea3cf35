/// The outcome of a `Range: bytes=…` header against a resource of known size (RFC 9110 14.2).
enum ByteRange: Equatable {
    /// No usable Range header (absent, malformed, another unit, more than `maxRanges` ranges): send everything.
    case whole
    /// Send these bytes with 206.
    case partial(Range<UInt64>)
    /// Send these ranges (two or more, ascending, neither overlapping nor touching) as a `multipart/byteranges` 206.
    case several([Range<UInt64>])
    /// No range lies inside the resource: 416.
    case unsatisfiable

    /// A header naming more ranges than this is answered whole: a client needs a handful; thousands of tiny
    /// ranges are an attack on the server's time (RFC 9110 14.2 lets a server ignore such a header).
    static let maxRanges = 16

    /// Interprets `header` (`bytes=0-99`, `bytes=100-`, `bytes=-500`, or several such, comma-separated) for a
    /// resource of `size` bytes. Ranges past the end are dropped (all of them past the end: 416); ranges that
    /// overlap or touch are merged into one, and the rest sorted, so every byte is sent at most once.
    init(header: String?, size: UInt64) {
        guard let header else { self = .whole; return }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes=") else { self = .whole; return }
        let specs = trimmed.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        guard !specs.isEmpty, specs.count <= Self.maxRanges else { self = .whole; return }
        var satisfiable: [Range<UInt64>] = []
        for spec in specs {
            switch Self.spec(spec, size: size) {
            case .invalid: self = .whole; return
            case .outside: continue
            case .inside(let range): satisfiable.append(range)
            }
        }
        let merged = Self.merge(satisfiable)
        switch merged.count {
        case 0: self = .unsatisfiable
        case 1: self = .partial(merged[0])
        default: self = .several(merged)
        }
    }

    private enum Spec {
        case invalid
        case outside
        case inside(Range<UInt64>)
    }

    /// One `first-last`, `first-` or `-suffix`.
    private static func spec(_ spec: Substring, size: UInt64) -> Spec {
        guard let dash = spec.firstIndex(of: "-") else { return .invalid }
        let first = spec[..<dash].trimmingSpaces, last = spec[spec.index(after: dash)...].trimmingSpaces
        if first.isEmpty {
            guard let suffix = UInt64(last) else { return .invalid }
            guard suffix > 0, size > 0 else { return .outside }
            return .inside((size - min(suffix, size))..<size)
        }
        guard let start = UInt64(first) else { return .invalid }
        var end = size
        if !last.isEmpty {
            guard let lastByte = UInt64(last), lastByte >= start else { return .invalid }
            end = lastByte >= size ? size : lastByte + 1
        }
        guard start < size else { return .outside }
        return .inside(start..<end)
    }

    /// The ranges sorted, with overlapping or touching ones joined.
    private static func merge(_ ranges: [Range<UInt64>]) -> [Range<UInt64>] {
        var merged: [Range<UInt64>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
