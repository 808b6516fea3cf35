/// Recognises sentences that are page furniture rather than content: cookie and consent banners, calls to
/// subscribe or sign up, copyright lines, share/follow rows, navigation and link lists, and lines too short
/// or too link-like to say anything.
public struct BoilerplateFilter: Sendable {
    /// Fewer words than this (in a script with spaces) is a heading or a menu entry, not a sentence.
    public var minimumWords: Int

    /// A filter treating sentences of fewer than `minimumWords` words as furniture.
    public init(minimumWords: Int = 4) {
        self.minimumWords = minimumWords
    }

    /// True when `sentence` is furniture that a summary must skip.
    public func isBoilerplate(_ sentence: String) -> Bool {
        let lower = sentence.lowercased()
        let words = WordTokenizer.words(lower)
        let letterCount = lower.unicodeScalars.reduce(0) { $0 + ($1.properties.isAlphabetic ? 1 : 0) }
        guard letterCount >= 12 else { return true }
        if words.count < minimumWords, !isUnspacedScript(lower, letterCount: letterCount) { return true }
        if isLinkLike(lower, words: words) { return true }
        if Self.alwaysFurniture.contains(where: lower.contains) { return true }
        let spaced = " " + words.joined(separator: " ") + " "
        func mentions(_ phrase: String) -> Bool { spaced.contains(" \(phrase) ") }
        if words.contains(where: { $0.hasPrefix("cookie") }), Self.cookieContext.contains(where: mentions) { return true }
        let length = sentence.unicodeScalars.count
        if length < 200, Self.shortFurniture.contains(where: mentions) { return true }
        if length < 60, Self.navigation.contains(where: mentions) { return true }
        if length < 120, words.count <= 14 {
            let social = words.filter { Self.socialWords.contains($0) }.count
            if social >= 2 || (social == 1 && words.first.map(Self.socialVerbs.contains) == true) { return true }
        }
        return false
    }

    private func isUnspacedScript(_ lower: String, letterCount: Int) -> Bool {
        let spaces = lower.unicodeScalars.filter { $0 == " " }.count
        return letterCount >= 12 && spaces * 12 < letterCount
    }

    private func isLinkLike(_ lower: String, words: [String]) -> Bool {
        let separators = lower.components(separatedBy: " | ").count - 1 + lower.components(separatedBy: " · ").count - 1
            + lower.components(separatedBy: " » ").count - 1 + lower.components(separatedBy: " > ").count - 1
        if separators >= 2 { return true }
        var urlScalars = 0
        for token in lower.split(separator: " ") where token.contains("://") || token.hasPrefix("www.") || token.contains(".com/")
            || token.contains("@") && token.contains(".") {
            urlScalars += token.unicodeScalars.count
        }
        return urlScalars * 2 > lower.unicodeScalars.count
    }

    /// Phrases that mark furniture wherever they appear.
    private static let alwaysFurniture = [
        "all rights reserved", "we use cookies", "this site uses cookies", "this website uses cookies", "accept all",
        "enable javascript", "javascript is disabled", "javascript is required", "your browser does not support",
        "skip to content", "skip to main content", "jump to navigation", "toggle navigation", "©", "(c) copyright",
        "copyright (c)", "subscribe to our newsletter", "sign up for our newsletter", "sign up for free",
        "by continuing to use this site", "by using this site", "by using this website", "accept cookies",
    ]
    /// Navigation entries: furniture in a short line.
    private static let navigation = [
        "privacy policy", "privacy statement", "terms of service", "terms of use", "terms and conditions",
        "contact us", "about us", "advertisement", "sponsored", "home", "menu", "search", "next article",
        "previous article", "all posts", "see all", "view all", "sitemap", "careers", "faq",
    ]
    /// Words that make a sentence mentioning cookies a consent banner.
    private static let cookieContext = [
        "use", "uses", "accept", "consent", "policy", "browsing", "experience", "settings", "preferences",
        "third party", "third-party", "personalise", "personalize", "analytics", "agree", "store", "stored",
    ]
    /// Calls to action: furniture when the sentence is short.
    private static let shortFurniture = [
        "subscribe", "sign up", "sign in", "log in", "our newsletter", "daily newsletter", "weekly newsletter", "free newsletter", "create an account", "create a free account",
        "already a member", "already have an account", "read more", "click here", "continue reading",
        "related articles", "related posts", "recommended for you", "you may also like", "share this", "follow us",
        "follow me", "leave a comment", "leave a reply", "posted in", "filed under", "tagged with", "photo by",
        "image credit", "getty images", "back to top", "download the app", "get the app", "in your inbox",
        "unsubscribe", "paywall", "free trial", "support our journalism", "donate now", "subscribe now",
        "subscribers only", "for subscribers", "sign up now", "register now",
    ]
    private static let socialWords: Set<String> = [
        "share", "tweet", "facebook", "twitter", "linkedin", "reddit", "pinterest", "whatsapp", "email", "print",
        "instagram", "youtube", "tiktok", "mastodon", "bluesky", "telegram", "rss", "copy", "link", "follow",
    ]
    private static let socialVerbs: Set<String> = ["share", "tweet", "follow", "email", "print", "pin"]
}
