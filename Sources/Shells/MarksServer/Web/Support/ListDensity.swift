/// How tightly lists are laid out, picked in Settings → Appearance and kept in a cookie (per device, like the
/// theme). Comfortable shows each row's summary and labelled buttons; compact shows a row as its title and one line
/// of site, date, tags and icon buttons, so a desktop shows twice as many, and folds the home cards away.
public enum ListDensity: String, Sendable, CaseIterable {
    case comfortable
    case compact

    /// The cookie that carries the choice.
    static let cookieName = "marks_density"

    /// The density from a cookie value; anything unknown is `comfortable`.
    init(cookie: String?) {
        self = cookie.flatMap(ListDensity.init(rawValue:)) ?? .comfortable
    }

    /// The label on the density control.
    var title: String {
        switch self {
        case .comfortable: "Comfortable"
        case .compact: "Compact"
        }
    }
}
