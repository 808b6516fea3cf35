import Foundation
import MarksCore

/// Issue 38's importers: `marks import` of a generated 100,000-row Pocket CSV export (`title,url,time_added,tags,
/// status`, the library benchmark's generator: realistic titles, `|`-separated tags, a tenth archived) into a fresh data
/// dir, target ≤ 5 s, beside the baseline of the same 100,000 entries as a Netscape file in the same run.
enum ImportFormatsBenchmark {
    static let count = 100_000
    static let target = 5.0

    static func run() async throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("importers")
        defer { LibraryBenchmark.remove(directory) }
        let environment = LibraryBenchmark.isolatedEnvironment(directory)
        var generator = LibraryGenerator(seed: 20_261_129)
        let entries = (0..<count).map { generator.entry($0) }
        let netscape = directory.appendingPathComponent("library-100k.html")
        try Data(LibraryBenchmark.netscapeFile(entries).utf8).write(to: netscape)
        let pocket = directory.appendingPathComponent("part_000000.csv")
        try Data(pocketCSV(entries).utf8).write(to: pocket)

        let baseline = try importSeconds(netscape, data: directory.appendingPathComponent("netscape-data"), environment: environment)
        let measured = try importSeconds(pocket, data: directory.appendingPathComponent("pocket-data"), environment: environment)
        let ratio = String(format: "%.2f", measured / baseline)
        return [
            "pocket-csv: marks import of a \(count)-row Pocket CSV into a fresh data dir, \(String(format: "%.2f", measured)) s "
                + "(target ≤ \(Int(target)) s: \(measured <= target ? "met" : "MISSED"))",
            "baseline: the same \(count) entries as a Netscape file, \(String(format: "%.2f", baseline)) s; Pocket CSV/Netscape = \(ratio)×",
        ]
    }

    /// Seconds `marks import FILE` takes; fails unless it created every entry.
    private static func importSeconds(_ file: URL, data: URL, environment: [String: String]) throws -> Double {
        var output = ""
        let seconds = try BenchSupport.time {
            output = try LibraryBenchmark.marks(["import", file.path, "--data", data.path, "--json"], environment: environment)
        }
        guard output.contains(#""created":\#(count)"#) else {
            throw BenchSupport.Failure(description: "marks import \(file.lastPathComponent) did not create \(count) bookmarks: \(output.prefix(300))")
        }
        return seconds
    }

    /// Entries as Pocket writes its CSV export: every field quoted when it holds a comma, a quote or a line break.
    static func pocketCSV(_ entries: [NetscapeEntry]) -> String {
        func field(_ text: String) -> String {
            guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var lines = ["title,url,time_added,tags,status"]
        lines.reserveCapacity(entries.count + 1)
        for entry in entries {
            let added = Int(entry.dateAdded?.timeIntervalSince1970 ?? 0)
            lines.append([field(entry.title), field(entry.url), String(added), field(entry.tags.joined(separator: "|")),
                          entry.archived ? "archive" : "unread"].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
