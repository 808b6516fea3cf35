import Foundation
import MarksReading
import SQLiteDatabase

/// Saving a highlight (issue 37 item 4; target ≤ 5 ms): what `POST /bookmarks/:id/highlights` does after reading the
/// bookmark — the draft checked, the quote placed by quote and context in a long article's text (~10,000 words, the
/// same words said many times so the context decides), and the row written to `marks.sqlite` (a real file, full
/// durability, 5,000 highlights already there) — timed per save.
enum HighlightBenchmark {
    static let existing = 5_000
    static let saves = 300

    static func run() async throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("highlights")
        defer { try? FileManager.default.removeItem(at: directory) } // safe: a leftover temp dir is harmless
        let store = try HighlightStore(database: try Database(path: directory.appendingPathComponent("marks.sqlite").path), now: { Date() })
        let sentence = "Grey herons leave the northern lakes in October and fly south along the river valleys at night. "
        var text = ""
        for index in 0..<700 { text += "Paragraph \(index). " + sentence }
        for index in 0..<existing {
            _ = try store.add(HighlightDraft(quote: "fly south along the river valleys", note: "note \(index)"), source: "embedded",
                              bookmarkID: 1 + index % 500, url: "https://example.com/\(index % 500)")
        }
        var samples: [Double] = []
        var placing: [Double] = []
        var inserting: [Double] = []
        var placed = 0
        for index in 0..<saves {
            let paragraph = (index * 7) % 700
            let draft = HighlightDraft(quote: "leave the northern lakes in October", prefix: "Paragraph \(paragraph). Grey herons ",
                                       suffix: " and fly south", note: index.isMultiple(of: 2) ? "a note \(index)" : nil)
            var checked = draft
            let place = try BenchSupport.time {
                checked = try draft.validated()
                if checked.anchor.place(in: text) != nil { placed += 1 }
            }
            let insert = try BenchSupport.time {
                _ = try store.add(checked, source: "embedded", bookmarkID: 1 + index % 500, url: "https://example.com/\(index % 500)")
            }
            placing.append(place)
            inserting.append(insert)
            samples.append(place + insert)
        }
        let p50 = BenchSupport.percentile(samples, 50) * 1000, p99 = BenchSupport.percentile(samples, 99) * 1000
        return [
            String(format: "save a highlight (check, place in a %d-character text, insert; %d already stored), %d saves: p50 %.2f ms, p99 %.2f ms",
                   text.count, existing, saves, p50, p99) + " (target ≤ 5 ms: p50 \(p50 <= 5 ? "met" : "missed"), p99 \(p99 <= 5 ? "met" : "missed"))",
            String(format: "of which checking and placing p50 %.2f ms, the insert p50 %.2f ms (p99 %.2f, %.2f)",
                   BenchSupport.percentile(placing, 50) * 1000, BenchSupport.percentile(inserting, 50) * 1000,
                   BenchSupport.percentile(placing, 99) * 1000, BenchSupport.percentile(inserting, 99) * 1000),
            "placed \(placed) of \(saves) by their context",
        ]
    }
}
