/// The reader's text size, column width and typeface, kept in a cookie (`marks_reader`, e.g. `large.wide.sans`) so
/// they work without JavaScript: the controls are a plain form that sets it (the script applies a change at once
/// and posts the same form in the background).
struct ReaderPreferences: Equatable {
    enum Size: String, CaseIterable {
        case small, medium, large, larger

        var title: String {
            switch self {
            case .small: "Small"
            case .medium: "Medium"
            case .large: "Large"
            case .larger: "Larger"
            }
        }
    }

    enum Width: String, CaseIterable {
        case narrow, medium, wide

        var title: String {
            switch self {
            case .narrow: "Narrow"
            case .medium: "Medium"
            case .wide: "Wide"
            }
        }
    }

    enum Font: String, CaseIterable {
        case serif, sans

        var title: String {
            switch self {
            case .serif: "Serif"
            case .sans: "Sans-serif"
            }
        }
    }

    static let cookieName = "marks_reader"

    var size: Size = .medium
    var width: Width = .medium
    var font: Font = .serif

    init(size: Size = .medium, width: Width = .medium, font: Font = .serif) {
        self.size = size
        self.width = width
        self.font = font
    }

    /// The preferences in a cookie value; anything unknown keeps the default.
    init(cookie: String?) {
        let parts = (cookie ?? "").split(separator: ".", maxSplits: 2).map(String.init)
        size = parts.first.flatMap(Size.init(rawValue:)) ?? .medium
        width = parts.count > 1 ? Width(rawValue: parts[1]) ?? .medium : .medium
        font = parts.count > 2 ? Font(rawValue: parts[2]) ?? .serif : .serif
    }

    var cookieValue: String { "\(size.rawValue).\(width.rawValue).\(font.rawValue)" }
}
