/// The outcome of a `Range: bytes=…` header against a resource of known size (single ranges only).
enum ByteRange: Equatable {
    /// No usable Range header (absent, malformed, several ranges, another unit): send everything.
    case whole
    /// Send these bytes with 206.
    case partial(Range<UInt64>)
    /// The range lies outside the resource: 416.
    case unsatisfiable

    /// Interprets `header` (`bytes=0-99`, `bytes=100-`, `bytes=-500`) for a resource of `size` bytes.
    init(header: String?, size: UInt64) {
        guard let header else { self = .whole; return }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes=") else { self = .whole; return }
        let spec = trimmed.dropFirst(6).trimmingSpaces
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash].trimmingSpaces, last = spec[spec.index(after: dash)...].trimmingSpaces
        if first.isEmpty {
            guard let suffix = UInt64(last) else { self = .whole; return }
            guard suffix > 0, size > 0 else { self = .unsatisfiable; return }
            self = .partial((size - min(suffix, size))..<size)
            return
        }
        guard let start = UInt64(first) else { self = .whole; return }
        var end = size
        if !last.isEmpty {
            guard let lastByte = UInt64(last), lastByte >= start else { self = .whole; return }
            end = lastByte >= size ? size : lastByte + 1
        }
        guard start < size else { self = .unsatisfiable; return }
        self = .partial(start..<end)
    }
}
