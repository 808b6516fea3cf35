/// Small trusted builders for markup that pages repeat.
extension HTML {
    /// The hidden CSRF field every state-changing form carries.
    static func csrfField(_ token: String) -> HTML {
        "<input type=\"hidden\" name=\"_csrf\" value=\"\(token)\">"
    }

    /// A hidden field.
    static func hidden(_ name: String, _ value: String) -> HTML {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(value)\">"
    }

    /// ` checked` when `on`.
    static func checked(_ on: Bool) -> HTML {
        on ? " checked" : ""
    }

    /// ` selected` when `on`.
    static func selected(_ on: Bool) -> HTML {
        on ? " selected" : ""
    }

    /// ` aria-current="page"` when `on`.
    static func current(_ on: Bool) -> HTML {
        on ? " aria-current=\"page\"" : ""
    }

    /// A paragraph telling the person something went wrong and what to do.
    static func problem(_ message: String) -> HTML {
        "<p class=\"notice problem\" role=\"alert\">\(ShellIcons.problem)<span>\(message)</span></p>"
    }

    /// A paragraph with good news.
    static func success(_ message: String) -> HTML {
        "<p class=\"notice success\" role=\"status\">\(ShellIcons.success)<span>\(message)</span></p>"
    }
}
