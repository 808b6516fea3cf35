/// The reader's text size and column width, kept in a cookie (`marks_reader`, e.g. `large.wide`) so they
/// work without JavaScript: the controls are a plain form that sets it.
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

    static let cookieName = "marks_reader"

    var size: Size = .medium
    var width: Width = .medium

    init(size: Size = .medium, width: Width = .medium) {
        self.size = size
        self.width = width
    }

    /// The preferences in a cookie value; anything unknown keeps the default.
    init(cookie: String?) {
        let parts = (cookie ?? "").split(separator: ".", maxSplits: 1).map(String.init)
        size = parts.first.flatMap(Size.init(rawValue:)) ?? .medium
        width = parts.count > 1 ? Width(rawValue: parts[1]) ?? .medium : .medium
    }

    var cookieValue: String { "\(size.rawValue).\(width.rawValue)" }
}
