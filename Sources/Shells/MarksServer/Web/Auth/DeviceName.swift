/// A browser's User-Agent in a few words for the Devices list ("Chrome on Android", "Safari on iPhone").
enum DeviceName {
    /// The summary; "Unknown browser" when there is nothing to go on.
    static func summary(_ userAgent: String?) -> String {
        guard let agent = userAgent, !agent.isEmpty else { return "Unknown browser" }
        let browser: String? =
            if agent.contains("Edg/") { "Edge" }
            else if agent.contains("OPR/") { "Opera" }
            else if agent.contains("Firefox/") || agent.contains("FxiOS/") { "Firefox" }
            else if agent.contains("CriOS/") || agent.contains("Chrome/") || agent.contains("Chromium/") { "Chrome" }
            else if agent.contains("Safari/") { "Safari" }
            else if agent.hasPrefix("curl/") { "curl" }
            else { nil }
        let system: String? =
            if agent.contains("iPhone") { "iPhone" }
            else if agent.contains("iPad") { "iPad" }
            else if agent.contains("Android") { "Android" }
            else if agent.contains("Mac OS X") || agent.contains("Macintosh") { "Mac" }
            else if agent.contains("Windows") { "Windows" }
            else if agent.contains("CrOS") { "ChromeOS" }
            else if agent.contains("Linux") { "Linux" }
            else { nil }
        switch (browser, system) {
        case let (browser?, system?): return "\(browser) on \(system)"
        case let (browser?, nil): return browser
        case let (nil, system?): return "A browser on \(system)"
        case (nil, nil): return String(agent.prefix(60))
        }
    }
}
