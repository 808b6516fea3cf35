import Foundation

/// The asset files of this folder (`.css`, `.js`, `.webmanifest`), embedded in the binary when it is built: the
/// EmbedWebAssets plugin (Plugins/EmbedWebAssets) writes `EmbeddedWebAssetFiles`, each file's bytes by its name. Nothing
/// is read from disk at run time. `scripts/lint-assets.py` checks every file with a real parser in `make test`.
///
/// Three conventions, each kept by the files and by the linter:
/// - A file's final newline is the editor's, not the asset's: `text(_:)` drops it.
/// - A line that is only `// @include NAME` (scripts) or `/* @include NAME */` (style sheets) stands for the text of the
///   file NAME (`bundle(_:)`): the app's script and style sheet are put together from one part per concern.
/// - A script's opening `//` lines document it and are not served (`script(_:)`).
enum WebAssetFiles {
    /// The text of the asset file `name`, without its final newline.
    static func text(_ name: String) -> String {
        guard let base64 = EmbeddedWebAssetFiles.base64[name], let data = Data(base64Encoded: base64) else {
            // The names are literals of WebAssets and of the files themselves; WebAssetsTests and the linter check them.
            preconditionFailure("no web asset file \(name) in this build (Sources/Shells/MarksServer/Web/Assets)")
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// The file `name` with each `@include` line replaced by the text of the file it names.
    static func bundle(_ name: String) -> String {
        text(name).split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in included(by: line).map(bundle) ?? String(line) }
            .joined(separator: "\n")
    }

    /// The script `name` without its opening comment lines.
    static func script(_ name: String) -> String {
        let lines = text(name).split(separator: "\n", omittingEmptySubsequences: false)
        return lines.drop { $0.hasPrefix("//") }.joined(separator: "\n")
    }

    /// The name in an `@include` line, if `line` is one.
    static func included(by line: Substring) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        for (open, close) in [("// @include ", ""), ("/* @include ", " */")] where trimmed.hasPrefix(open) && trimmed.hasSuffix(close) {
            return String(trimmed.dropFirst(open.count).dropLast(close.count))
        }
        return nil
    }
}
