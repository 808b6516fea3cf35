import Foundation

/// The tag evaluation's labelled corpus: Debian's package metadata as `scripts/fetch-eval-data.sh` extracts it from
/// this machine's apt lists (`debian/packages.tsv`: package, source, section, debtags, short description). Each
/// package is a bookmark — title "name: description", URL its packages.debian.org page — and its true tags are:
/// - its section (`python`, `games`, `net`; an archive area prefix such as `contrib/` dropped), and
/// - the value of each debtag of a topical facet (`use`, `works-with`, `works-with-format`, `field`, `game`, `devel`,
///   `admin`, `protocol`, `network`, `hardware`, `security`, `sound`, `mail`, `web`, `science`, `biology`, `office`),
///   its last `:` part: `devel::lang:python` → `python`, `works-with::image` → `image`, `game::puzzle` → `puzzle`;
///   `TODO` and `not-yet-tagged…` values are dropped, so are the facets that describe packaging rather than topic
///   (`role`, `scope`, `interface`, `implemented-in`, `uitoolkit`, `suite`, `x11`, `culture`, `made-of`, …).
/// Library packages (sections `libs`, `libdevel`, `oldlibs`, `debug`, `doc`) are left out, and only one binary package
/// per source package is kept (`foo`, `foo-data` and `foo-doc` say the same thing), so no held-out package has a twin
/// in the library.
public enum DebianPackageCorpus {
    /// One package as a bookmark with its true tags.
    public struct Package: Sendable, Equatable {
        public let name: String
        public let title: String
        public let url: String
        public let tags: [String]
    }

    /// The facets whose values are topics.
    public static let topicalFacets: Set<String> = [
        "use", "works-with", "works-with-format", "field", "game", "devel", "admin", "protocol", "network", "hardware",
        "security", "sound", "mail", "web", "science", "biology", "office",
    ]

    /// Sections of library, debug and documentation packages (left out).
    static let skippedSections: Set<String> = ["libs", "libdevel", "oldlibs", "debug", "doc"]

    /// Every usable package of `file`, in a fixed pseudo-random order (FNV-1a of the name), one per source package.
    public static func load(file: URL) throws -> [Package] {
        let content = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        var bySource: [String: Package] = [:]
        for line in content.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 5, let package = package(fields) else { continue }
            let source = fields[1]
            if let kept = bySource[source], kept.name.count <= package.name.count { continue }
            bySource[source] = package  // the shortest name of a source: usually the program itself
        }
        return bySource.values.sorted { (hash($0.name), $0.name) < (hash($1.name), $1.name) }
    }

    /// A package from its fields, or nil when it is left out or has no topical tag beyond its section.
    static func package(_ fields: [String]) -> Package? {
        let (name, section, debtags, description) = (fields[0], fields[2], fields[3], fields[4])
        let area = section.split(separator: "/").last.map(String.init) ?? section
        guard !skippedSections.contains(area), !description.isEmpty else { return nil }
        let tags = topicalTags(section: section, debtags: debtags.split(separator: ",").map(String.init))
        guard tags.count >= 2 else { return nil }
        return Package(name: name, title: "\(name): \(description)", url: "https://packages.debian.org/bookworm/\(name)", tags: tags)
    }

    /// A package's true tags: its section (the archive area dropped), then the value of each topical debtag, once each.
    public static func topicalTags(section: String, debtags: [String]) -> [String] {
        var tags = [section.split(separator: "/").last.map(String.init) ?? section]
        for debtag in debtags {
            let parts = debtag.components(separatedBy: "::")
            guard parts.count == 2, topicalFacets.contains(parts[0]),
                  let value = parts[1].split(separator: ":").last.map(String.init),
                  value != "TODO", !value.hasPrefix("not-yet"), !tags.contains(value) else { continue }
            tags.append(value)
        }
        return tags
    }

    /// FNV-1a, 64-bit: a stable order that does not follow the alphabet.
    public static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(14_695_981_039_346_656_037) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }
}
