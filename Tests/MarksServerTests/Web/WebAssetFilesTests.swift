import Foundation
import Testing
@testable import MarksServer

/// The asset files as the build embeds them (Plugins/EmbedWebAssets) and as `WebAssetFiles` puts them together: every
/// part included, every placeholder filled, the documentation lines left out. Their syntax is checked by
/// scripts/lint-assets.py (node --check, tinycss2) in `make check`.
@Suite struct WebAssetFilesTests {
    private func text(_ asset: WebAsset) -> String { String(decoding: asset.body, as: UTF8.self) }

    @Test func everyFileOfTheFolderIsEmbedded() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Sources/Shells/MarksServer/Web/Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { ["css", "js", "webmanifest"].contains(($0 as NSString).pathExtension) }
        #expect(!names.isEmpty)
        #expect(Set(names) == Set(EmbeddedWebAssetFiles.base64.keys))
        for name in names {
            let onDisk = try Data(contentsOf: folder.appending(path: name))
            #expect(Data(base64Encoded: EmbeddedWebAssetFiles.base64[name] ?? "") == onDisk, "\(name) is embedded byte for byte")
        }
    }

    @Test func theBundlesHoldEveryPartAndNoIncludeLine() {
        let assets = WebAssets.shared
        for asset in [assets.css, assets.js, assets.askStyles, assets.ask, assets.player, assets.serviceWorker] {
            #expect(!text(asset).contains("@include"), "\(asset.path)")
        }
        #expect(text(assets.css).contains(".notice.undo form,.trash .actions form{display:inline}"), "app-trash.css")
        #expect(text(assets.css).hasSuffix(":root[data-theme=dark] mark.passage{background:#6b5a12;color:#fff8e1}"),
                "app-ask-passage.css comes last, without the file's final newline")
        #expect(text(assets.js).contains(#"for (const el of $$("[data-starts][data-script]")) {"#), "app-page-scripts.js")
        #expect(text(assets.reader).contains(#".reader = (reader, {"#), "the reader's own script")
        #expect(!text(assets.js).contains("data-progress") && !text(assets.css).contains(".reader-toolbar"), "the list does not carry the reader")
        #expect(text(assets.js).hasPrefix("\"use strict\";\n(() => {\n"), "the documentation lines are not served")
    }

    @Test func aScriptIsServedWithoutItsOpeningCommentLines() {
        #expect(text(WebAssets.shared.player).hasPrefix("\"use strict\";\n"))
        #expect(text(WebAssets.shared.ask).hasPrefix("\"use strict\";\n"))
        #expect(text(WebAssets.shared.serviceWorker).hasPrefix("\"use strict\";\n"))
        #expect(WebAssetFiles.text("player.js").hasPrefix("//"), "the file itself keeps them")
    }

    @Test func thePlaceholdersAreFilled() throws {
        let assets = WebAssets.shared
        let worker = text(assets.serviceWorker)
        let manifest = text(assets.manifest)
        #expect(!worker.contains("{{") && !manifest.contains("{{"))
        #expect(worker.contains(#"const PRECACHE = ["\#(assets.css.path)","#))
        #expect(worker.contains(#"caches.match("/offline")"#))
        #expect(manifest.contains(#""src":"\#(assets.icon192.path)""#) && manifest.contains(#""src":"\#(assets.icon512.path)""#))
        #expect(!manifest.hasSuffix("\n"))
    }

    @Test(arguments: [
        ("// @include app-reader.js", "app-reader.js"), ("  // @include app-list.js", "app-list.js"),
        ("/* @include app-trash.css */", "app-trash.css"), ("// @includes x", nil), ("const x = 1; // @include y", nil),
    ] as [(String, String?)])
    func includeLines(line: String, name: String?) {
        #expect(WebAssetFiles.included(by: Substring(line)) == name)
    }
}
