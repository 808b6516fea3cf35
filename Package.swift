// swift-tools-version:6.0
// Marks: a companion for linkding. One package, no outside Swift packages: Foundation plus Debian's
// C libraries behind system-library targets. The folders show the layering (docs/ARCHITECTURE.md):
//   Sources/System    C system-library targets (module maps + shims only), and one small C target:
//                     CMicroHTTPDHeaders puts our two security headers on libmicrohttpd's own error pages
//   Sources/Wrappers  small safe Swift types over each C library; they never gain dependencies.
//                     SystemSupport (worker threads, admission gates, atomic files; Foundation/Glibc only) sits
//                     below them all: any target may use it, and it depends on nothing of ours
//   Sources/Core      models and pure logic; no I/O of its own
//   Sources/Services  platform services: the job runner, stores, clients (the page fetcher among them), the index and
//                     the offline engine, built on the wrappers
//   Sources/Features  one target per product feature, each owning its tables, job kinds, seams and a small facade,
//                     in three tiers: Bookmarks, Documents and Ask on the platform alone; Reading and Podcasts on
//                     Bookmarks (Podcasts on Documents too); on top Share, which saves a bookmark and asks for a podcast
//   Sources/App       MarksAssembly: the one composition root (settings in, the app's parts out, each overridable);
//                     the CLI, marks-bench and the test harnesses build the app through it
//   Sources/Shells    the HTTP routes and the web app (MarksServer, below the app), the CLI (above it) and the
//                     executables; MarksServer imports no other shell, MarksCLI reaches the server only through the app
// The layer order itself, tier by tier, is written once in scripts/layers.txt: `make check` (run by `make test`)
// fails on a dependency or import that points up or sideways, an import not declared here, or a dependency declared
// here that no file imports.
import PackageDescription

func system(_ name: String, pkgConfig: String?, apt: [String]) -> Target {
    .systemLibrary(name: name, path: "Sources/System/\(name)", pkgConfig: pkgConfig, providers: [.apt(apt)])
}

func wrapper(_ name: String, _ deps: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: deps, path: "Sources/Wrappers/\(name)")
}

/// A feature target in Sources/Features (the tiers, and which feature may use which, are in scripts/layers.txt).
func feature(_ name: String, _ deps: [Target.Dependency]) -> Target {
    .target(name: name, dependencies: deps, path: "Sources/Features/\(name)")
}

func layer(_ folder: String, _ name: String, _ deps: [Target.Dependency], plugins: [Target.PluginUsage]? = nil) -> Target {
    .target(name: name, dependencies: deps, path: "Sources/\(folder)/\(name)", plugins: plugins)
}

/// A test target; `support: false` for one that uses nothing of MarksTestSupport (scripts/check-layering.py fails on
/// a dependency no file imports).
func tests(_ name: String, _ deps: [Target.Dependency], support: Bool = true, resources: [Resource]? = nil) -> Target {
    .testTarget(name: "\(name)Tests", dependencies: deps + (support ? ["MarksTestSupport"] : []), path: "Tests/\(name)Tests",
                resources: resources)
}

let package = Package(
    name: "Marks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "marks", targets: ["marks"]),
    ],
    targets: [
        // C libraries from Debian.
        system("CSQLite", pkgConfig: "sqlite3", apt: ["libsqlite3-dev"]),
        system("CMicroHTTPD", pkgConfig: "libmicrohttpd", apt: ["libmicrohttpd-dev"]),
        system("CCrypto", pkgConfig: "libcrypto", apt: ["libssl-dev"]),
        system("CLibXML2", pkgConfig: "libxml-2.0", apt: ["libxml2-dev"]),
        system("CCurl", pkgConfig: "libcurl", apt: ["libcurl4-openssl-dev"]),
        system("CZlib", pkgConfig: "zlib", apt: ["zlib1g-dev"]),
        system("CQREncode", pkgConfig: "libqrencode", apt: ["libqrencode-dev"]),
        system("CLame", pkgConfig: nil, apt: ["libmp3lame-dev"]),
        system("CPostgres", pkgConfig: "libpq", apt: ["libpq-dev"]),
        // OpenBLAS's calls, declared only (libopenblas.so.0 is loaded with dlopen on first use; nothing is linked).
        .systemLibrary(name: "COpenBLAS", path: "Sources/System/COpenBLAS"),
        // sherpa-onnx's C API, declared only (loaded with dlopen at run time; nothing is linked).
        .systemLibrary(name: "CSherpaOnnx", path: "Sources/System/CSherpaOnnx"),
        // libFuzzer's driver, declared only (the toolchain links it into marks-fuzz under make fuzz).
        .systemLibrary(name: "CLibFuzzer", path: "Sources/System/CLibFuzzer"),
        // nosniff and a policy on the answers libmicrohttpd builds itself (ErrorPageHeaders.c says how).
        .target(name: "CMicroHTTPDHeaders", dependencies: ["CMicroHTTPD"], path: "Sources/System/CMicroHTTPDHeaders"),
        // The model's bfloat16 matrix product for CPUs with AVX512-BF16 (CEncoderKernels.h says why). Always optimised:
        // unoptimised, the debug build's tests would embed ~20x slower.
        .target(name: "CEncoderKernels", path: "Sources/System/CEncoderKernels", cSettings: [.unsafeFlags(["-O3"])]),

        // Safe wrappers, one per C library (plus the embedding model on OpenBLAS).
        wrapper("SystemSupport", []),
        wrapper("SQLiteDatabase", ["CSQLite", "SystemSupport"]),
        wrapper("PostgresDatabase", ["CPostgres", "SystemSupport"]),
        wrapper("HTTPServer", ["CMicroHTTPD", "CMicroHTTPDHeaders", "SystemSupport"]),
        wrapper("CryptoPrimitives", ["CCrypto"]),
        wrapper("HTMLExtraction", ["CLibXML2"]),
        wrapper("SentenceEmbeddings", ["COpenBLAS", "CEncoderKernels", "SystemSupport"]),
        wrapper("HTTPClient", ["CCurl", "SystemSupport"]),
        wrapper("Compression", ["CZlib"]),
        wrapper("QRCode", ["CQREncode", "SystemSupport"]),
        wrapper("MP3Encoding", ["CLame"]),
        wrapper("NeuralVoice", ["CSherpaOnnx", "SystemSupport"]),

        // Core: models and pure logic.
        layer("Core", "MarksCore", []),

        // Platform services: the job runner, stores, clients, the page fetcher, the index and the offline engine.
        // The owner's credentials: the linkding API token, web sessions and sign-in links, the private feed's secret.
        layer("Services", "MarksAccess", ["CryptoPrimitives", "SQLiteDatabase", "SystemSupport"]),
        layer("Services", "MarksJobs", ["SQLiteDatabase", "PostgresDatabase", "SystemSupport"]),
        layer("Services", "MarksStorage", ["MarksCore", "SQLiteDatabase", "SystemSupport"]),
        layer("Services", "MarksClients", ["MarksCore", "HTTPClient", "SystemSupport"]),
        layer("Services", "MarksFetch", ["MarksCore", "HTTPClient", "HTMLExtraction", "SystemSupport"]),
        layer("Services", "MarksAppAPI", ["MarksCore", "SQLiteDatabase", "PostgresDatabase", "CryptoPrimitives", "SystemSupport"]),
        layer("Services", "MarksIndex", ["MarksCore", "MarksJobs", "SQLiteDatabase", "SentenceEmbeddings", "SystemSupport"]),
        layer("Services", "MarksEngine", ["MarksCore", "SentenceEmbeddings", "HTMLExtraction", "SystemSupport"]),

        // Features, bottom-up: Bookmarks, Documents and Ask stand on the platform alone; Reading and Podcasts build
        // on Bookmarks (Podcasts on Documents too); Share on Bookmarks and Podcasts.
        feature("MarksBookmarks", ["MarksCore", "MarksJobs", "MarksStorage", "MarksClients", "MarksFetch", "MarksIndex", "MarksEngine", "HTMLExtraction", "SQLiteDatabase", "SentenceEmbeddings", "Compression", "SystemSupport"]),
        feature("MarksDocuments", ["MarksCore", "MarksJobs", "MarksIndex", "SQLiteDatabase", "HTMLExtraction", "Compression", "CryptoPrimitives", "SystemSupport"]),
        feature("MarksAsk", ["MarksCore", "MarksClients", "MarksIndex", "MarksEngine", "SQLiteDatabase", "SystemSupport"]),
        feature("MarksReading", ["MarksBookmarks", "MarksDocuments", "MarksCore", "MarksJobs", "MarksFetch", "MarksIndex", "HTMLExtraction", "Compression", "SQLiteDatabase", "SystemSupport"]),
        feature("MarksPodcasts", ["MarksBookmarks", "MarksDocuments", "MarksCore", "MarksJobs", "MarksClients", "SQLiteDatabase", "PostgresDatabase", "HTMLExtraction", "MP3Encoding", "Compression", "CryptoPrimitives", "NeuralVoice", "SystemSupport"]),
        feature("MarksShare", ["MarksBookmarks", "MarksPodcasts", "MarksCore"]),

        // Shells. The web app's .css/.js files (Web/Assets) are embedded in the binary by the EmbedWebAssets plugin.
        .plugin(name: "EmbedWebAssets", capability: .buildTool(), path: "Plugins/EmbedWebAssets"),
        layer("Shells", "MarksServer", ["MarksAccess", "MarksBookmarks", "MarksReading", "MarksAsk", "MarksDocuments", "MarksPodcasts", "MarksShare", "MarksFetch", "MarksJobs", "MarksAppAPI", "MarksClients", "MarksEngine", "MarksIndex", "MarksStorage", "MarksCore", "HTTPServer", "CryptoPrimitives", "SQLiteDatabase", "QRCode", "Compression", "HTMLExtraction", "SystemSupport"],
              plugins: ["EmbedWebAssets"]),
        // The app: the one composition root both shells are built through (the CLI's commands, `marks serve`'s parts,
        // marks-bench and the test harnesses), with overridable parts.
        layer("App", "MarksAssembly", ["MarksServer", "MarksAccess", "MarksDocuments", "MarksPodcasts", "MarksJobs", "MarksAppAPI", "PostgresDatabase", "MarksIndex", "MarksBookmarks", "MarksReading", "MarksAsk", "MarksShare", "MarksFetch", "MarksClients", "MarksStorage", "MarksCore", "HTTPServer", "SentenceEmbeddings", "SystemSupport"]),
        layer("Shells", "MarksCLI", ["MarksAssembly", "MarksAccess", "MarksDocuments", "MarksPodcasts", "MarksJobs", "MarksAppAPI", "SQLiteDatabase", "MarksIndex", "MarksEngine", "MarksBookmarks", "MarksReading", "MarksAsk", "MarksShare", "MarksFetch", "MarksClients", "MarksCore", "HTTPServer", "SentenceEmbeddings", "SystemSupport"]),
        .executableTarget(name: "marks", dependencies: ["MarksCLI"], path: "Sources/Shells/marks"),
        // libFuzzer over the parsers: `make fuzz` (scripts/fuzz.sh) builds it with the fuzzer and address sanitizers.
        .executableTarget(name: "marks-fuzz", dependencies: ["CLibFuzzer", "MarksServer", "MarksCore", "HTTPServer", "HTMLExtraction", "MarksBookmarks", "MarksReading"], path: "Sources/Shells/marks-fuzz"),
        .executableTarget(name: "marks-bench", dependencies: ["MarksAssembly", "MarksAccess", "MarksPodcasts", "MarksJobs", "MarksAppAPI", "PostgresDatabase", "SQLiteDatabase", "SystemSupport", "MarksServer", "MarksEngine", "MarksClients", "MarksStorage", "MarksIndex", "MarksCore", "HTTPServer", "HTTPClient", "StandInNetwork", "SentenceEmbeddings", "MarksBookmarks", "MarksReading", "MarksAsk", "MarksDocuments", "MarksFetch"], path: "Sources/Shells/marks-bench"),

        // Stand-in servers for network tests and benchmarks (raw sockets that misbehave on purpose).
        .target(name: "StandInNetwork", path: "Tests/Support/StandInNetwork"),

        // Tests: each against real SQLite files, real servers on port 0 and real parsers. MarksTestSupport holds
        // the one copy of what they share: the test embedder, clock, seeded generator, stand-in server, child processes.
        .target(name: "MarksTestSupport", dependencies: ["HTTPServer", "MarksCore", "MarksEngine", "PostgresDatabase", "Compression", "SystemSupport"], path: "Tests/MarksTestSupport"),
        tests("SystemSupport", ["SystemSupport"]),
        tests("SQLiteDatabase", ["SQLiteDatabase"], support: false),
        tests("PostgresDatabase", ["PostgresDatabase"]),
        tests("HTTPServer", ["HTTPServer", "SystemSupport"]),
        tests("CryptoPrimitives", ["CryptoPrimitives"], support: false),
        tests("Compression", ["Compression"]),
        tests("HTTPClient", ["HTTPClient", "StandInNetwork"], support: false),
        tests("QRCode", ["QRCode"]),
        tests("HTMLExtraction", ["HTMLExtraction"], resources: [.copy("Fixtures")]),
        tests("SentenceEmbeddings", ["SentenceEmbeddings", "CEncoderKernels"], support: false, resources: [.copy("Fixtures")]),
        tests("MarksCore", ["MarksCore", "MarksBookmarks"]),
        tests("MarksStorage", ["MarksStorage", "MarksCore", "SQLiteDatabase"]),
        tests("MarksJobs", ["MarksJobs", "SQLiteDatabase", "PostgresDatabase", "SystemSupport"]),
        tests("MarksClients", ["MarksClients", "MarksCore", "MarksEngine", "HTTPServer", "HTTPClient", "StandInNetwork"]),
        tests("MarksAppAPI", ["MarksAppAPI", "MarksCore", "MarksEngine", "CryptoPrimitives", "SQLiteDatabase", "PostgresDatabase", "SystemSupport"]),
        tests("MarksIndex", ["HTTPServer", "MarksClients", "MarksJobs", "MarksIndex", "MarksEngine", "MarksStorage", "MarksCore", "SQLiteDatabase", "SentenceEmbeddings", "SystemSupport", "MarksBookmarks", "MarksAsk"]),
        tests("MarksEngine", ["MarksEngine", "MarksCore", "SentenceEmbeddings", "HTMLExtraction"], resources: [.copy("Fixtures")]),
        tests("MarksLibrary", ["MarksJobs", "MarksIndex", "MarksStorage", "MarksClients", "MarksEngine", "MarksCore", "SQLiteDatabase", "HTTPClient", "StandInNetwork", "SystemSupport", "HTTPServer", "HTMLExtraction", "MarksBookmarks", "MarksReading", "MarksDocuments", "MarksPodcasts", "MarksShare", "MarksFetch"]),
        tests("MarksServer", ["MarksAssembly", "MarksAccess", "StandInNetwork", "SQLiteDatabase", "PostgresDatabase", "MarksJobs", "MarksAppAPI", "MarksPodcasts", "MP3Encoding", "MarksEngine", "MarksServer", "MarksIndex", "MarksStorage", "MarksClients", "MarksCore", "HTTPServer", "Compression", "CryptoPrimitives", "SystemSupport", "MarksBookmarks", "MarksReading", "MarksAsk", "MarksDocuments", "MarksShare", "MarksFetch"],
              resources: [.copy("Compatibility/Fixtures")]),
        tests("MarksDocuments", ["MarksCore", "CryptoPrimitives", "Compression", "MarksIndex", "MarksJobs", "SQLiteDatabase", "SystemSupport", "StandInNetwork", "MarksBookmarks", "MarksDocuments"]),
        tests("MarksPodcasts", ["MarksPodcasts", "NeuralVoice", "MarksCore", "SQLiteDatabase", "PostgresDatabase", "SystemSupport"]),
        tests("MarksAssembly", ["MarksAssembly", "MarksAccess", "MarksBookmarks", "MarksFetch", "MarksCore", "MarksEngine", "MarksJobs", "MarksReading", "HTTPServer", "StandInNetwork"]),
        tests("MarksCLI", ["MarksCLI", "MarksAssembly", "MarksReading", "MarksAccess", "MarksServer", "MarksAppAPI", "MarksJobs", "MarksPodcasts", "PostgresDatabase", "MarksIndex", "MarksStorage", "MarksCore", "HTTPServer", "HTTPClient", "SentenceEmbeddings", "SQLiteDatabase", "StandInNetwork", "SystemSupport", "MarksBookmarks"]),
    ],
    swiftLanguageModes: [.v6]
)
