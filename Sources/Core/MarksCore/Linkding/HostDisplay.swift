import Foundation

/// How a host is shown. An internationalised host is shown in Unicode (`bücher.de`) unless a label could pass
/// for another name: letters from more than one script (`аpple`, a Cyrillic `а` among Latin letters) other than
/// the mixes Chinese, Japanese and Korean writing use with Latin, or a label in Cyrillic or Greek made only of
/// letters that look Latin (`аррӏе`). Those are shown in their ASCII (punycode) form, `xn--pple-43d.com`, as
/// browsers do.
public enum HostDisplay {
    /// The host to show for `url`: Unicode when it is safe to read, punycode when a label could deceive; nil when
    /// the URL has no host.
    public static func host(of url: String) -> String? {
        guard let host = URLComponents(string: url)?.host, !host.isEmpty else { return nil }
        guard !host.allSatisfy(\.isASCII), isDeceptive(host) else { return host }
        return URL(string: url)?.host ?? host
    }

    /// The URL to show: itself, or with a host that could deceive written in punycode.
    public static func url(_ url: String) -> String {
        guard var components = URLComponents(string: url), let host = components.host, !host.allSatisfy(\.isASCII),
              isDeceptive(host), let ascii = URL(string: url)?.host, ascii.allSatisfy(\.isASCII) else { return url }
        components.host = ascii
        return components.string ?? url
    }

    /// True when a label of the (Unicode) host mixes scripts, or spells a Latin-looking word in Cyrillic or Greek.
    public static func isDeceptive(_ host: String) -> Bool {
        host.split(separator: ".").contains { label in
            var scripts: Set<Script> = []
            var allLookalike = true
            for scalar in label.unicodeScalars {
                guard let script = Script(scalar) else { continue }
                scripts.insert(script)
                if !lookalikes.contains(scalar) { allLookalike = false }
            }
            if scripts.count > 1 { return !allowedMixes.contains { scripts.isSubset(of: $0) } }
            guard let only = scripts.first, only == .cyrillic || only == .greek else { return false }
            return allLookalike
        }
    }

    /// A letter's script, coarsely by block; nil for digits, `-` and marks that belong to no script.
    enum Script: Hashable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, han, hiragana, katakana, hangul, bopomofo, other

        init?(_ scalar: Unicode.Scalar) {
            let v = scalar.value
            switch v {
            case 0x30...0x39, 0x2D, 0x5F, 0x300...0x36F: return nil
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: self = .latin
            case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
            case 0x400...0x52F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            case 0x530...0x58F: self = .armenian
            case 0x590...0x5FF: self = .hebrew
            case 0x600...0x6FF, 0x750...0x77F: self = .arabic
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: self = .han
            case 0x3040...0x309F: self = .hiragana
            case 0x30A0...0x30FF, 0x31F0...0x31FF: self = .katakana
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: self = .hangul
            case 0x3100...0x312F: self = .bopomofo
            default: self = .other
            }
        }
    }

    private static let allowedMixes: [Set<Script>] = [
        [.latin, .han, .hiragana, .katakana], [.latin, .han, .hangul], [.latin, .han, .bopomofo],
    ]

    /// Cyrillic and Greek letters that read as Latin ones.
    private static let lookalikes = Set("аеорсухіјѕԁӏһԛԝүвкмнтьАВЕКМНОРСТУХІЈЅαικνορτυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ".unicodeScalars)
}
