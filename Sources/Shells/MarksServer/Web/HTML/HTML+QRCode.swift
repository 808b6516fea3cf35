import QRCode

extension HTML {
    /// A QR code as inline SVG: `QRCode.svg` builds it from the code's modules and the label, which it escapes
    /// for its quoted attribute.
    static func svg(_ code: QRCode, label: String) -> HTML {
        HTML(trustedBytes: Array(code.svg(label: label).utf8))
    }
}
