/// The colour scheme a person picked: follow the system, or force light or dark. Kept in a cookie.
public enum WebTheme: String, Sendable, CaseIterable {
    case system
    case light
    case dark

    /// The cookie that carries the choice.
    static let cookieName = "marks_theme"

    /// The theme from a cookie value; anything unknown is `system`.
    init(cookie: String?) {
        self = cookie.flatMap(WebTheme.init(rawValue:)) ?? .system
    }

    /// The label on the theme control.
    var title: String {
        switch self {
        case .system: "System"
        case .light: "Light"
        case .dark: "Dark"
        }
    }

    /// The next theme when the toggle in the chrome is pressed.
    var next: WebTheme {
        switch self {
        case .system: .light
        case .light: .dark
        case .dark: .system
        }
    }
}
