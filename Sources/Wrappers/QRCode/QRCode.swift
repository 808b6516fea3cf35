import CQREncode
import SystemSupport

/// A QR code's modules (libqrencode's `QRcode_encodeString`, byte mode, error correction M), with a rendering as
/// SVG. The C result is copied into Swift memory and freed at once.
public struct QRCode: Sendable, Equatable {
    /// Why a text could not be encoded.
    public struct EncodeError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Modules per side.
    public let size: Int
    /// Row-major, `size * size`; true is a dark module.
    public let modules: [Bool]

    /// The code for `text` (up to 2,000 bytes; longer texts make codes a phone cannot read from a screen).
    public init(_ text: String) throws(EncodeError) {
        guard !text.isEmpty else { throw EncodeError(description: "There is nothing to encode.") }
        guard text.utf8.count <= 2_000 else { throw EncodeError(description: "The text is too long for a QR code (\(text.utf8.count) bytes).") }
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            throw EncodeError(description: "libqrencode could not encode the text.")
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        size = width
        // Bit 0 of each byte is the module's colour; the other bits are libqrencode's bookkeeping.
        modules = (0..<(width * width)).map { (code.pointee.data[$0] & 1) == 1 }
    }

    /// True when the module at column `x`, row `y` is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The code as a standalone SVG (one path, a 4-module quiet zone), scaled by the viewer; `label` becomes its
    /// accessible name.
    public func svg(label: String) -> String {
        let side = size + 8
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                var run = 1
                while isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + 4) \(y + 4)h\(run)v1h-\(run)z"
                x += run
            }
        }
        let escaped = MarkupEscaping.escape(label)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" role="img" aria-label="\(escaped)" \
            shape-rendering="crispEdges"><rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}
