import Foundation

/// What a page says about itself in its `<head>`: title, description, Open Graph data, icons, ...
/// All URLs are absolute; all text is whitespace-collapsed; missing or empty values are nil.
public struct PageMetadata: Sendable, Equatable, Codable {
    /// The `<title>` text.
    public var title: String?
    /// `<meta name="description">`.
    public var description: String?
    /// `og:title`.
    public var ogTitle: String?
    /// `og:description`.
    public var ogDescription: String?
    /// `og:image` (or `og:image:url` / `og:image:secure_url`), absolute.
    public var ogImage: URL?
    /// `og:site_name`.
    public var siteName: String?
    /// Every `<link rel~=icon>` and apple-touch-icon, absolute, best first (see
    /// `HTMLDocument.metadata`); `/favicon.ico` of the page's origin when the page declares none.
    public var faviconURLs: [URL]
    /// `<link rel=canonical>`, absolute.
    public var canonicalURL: URL?
    /// `<html lang>`, else `<meta http-equiv=content-language>`.
    public var language: String?
    /// `<meta name=author>` (else a non-URL `article:author`).
    public var author: String?
    /// `article:published_time`, exactly as the page wrote it.
    public var publishedTime: String?
    /// `<meta name=keywords>`, split on commas, without duplicates.
    public var keywords: [String]

    /// Creates metadata; every field defaults to empty.
    public init(
        title: String? = nil, description: String? = nil, ogTitle: String? = nil, ogDescription: String? = nil,
        ogImage: URL? = nil, siteName: String? = nil, faviconURLs: [URL] = [], canonicalURL: URL? = nil,
        language: String? = nil, author: String? = nil, publishedTime: String? = nil, keywords: [String] = []
    ) {
        self.title = title
        self.description = description
        self.ogTitle = ogTitle
        self.ogDescription = ogDescription
        self.ogImage = ogImage
        self.siteName = siteName
        self.faviconURLs = faviconURLs
        self.canonicalURL = canonicalURL
        self.language = language
        self.author = author
        self.publishedTime = publishedTime
        self.keywords = keywords
    }

    /// The title to show: `og:title`, else `<title>`.
    public var bestTitle: String? { ogTitle ?? title }

    /// The description to show: `og:description`, else `<meta name=description>`.
    public var bestDescription: String? { ogDescription ?? description }
}
