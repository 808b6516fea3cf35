import Foundation
import MarksAssembly
import MarksDocuments
import StandInNetwork
import SystemSupport

/// Issue 12's CPU figures: PDF text extraction of a generated 300-page PDF (pages/s, through the real
/// extractor: pdftotext in a limited child process), and keyword search over 1,000 sources of 50 KB each
/// (p50 and p95 of `DocumentLibrary.search`; target p50 <= 10 ms); then the upload's memory (`SourcesUploadBenchmark`).
enum SourcesBenchmark {
    static func run() async throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("sources")
        defer { do { try FileManager.default.removeItem(at: directory) } catch {} } // a temp dir: nothing to report
        let root = CompositionRoot(settings: Settings(dataDirectory: directory), context: ProcessContext(environment: [:]))
        // No search index observer, as before: these figures are the sources library's own (the index's are `index`'s).
        let library = try root.makeSources(observer: nil)
        let tools = library.extractor.tools
        var lines: [String] = []

        if tools.pdftotext != nil {
            let pdf = directory.appendingPathComponent("book.pdf")
            try Data(TestPDF.numbered(pages: 300)).write(to: pdf)
            var samples: [Double] = []
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                let extraction = try await library.extractor.extract(file: pdf, filename: "book.pdf", byteSize: 0)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                guard extraction.pageCount == 300 else { throw BenchSupport.Failure(description: "extracted \(extraction.pageCount ?? 0) pages, not 300") }
            }
            let median = BenchSupport.percentile(samples, 50)
            lines.append(String(format: "pdf extraction, 300 pages (pdftotext): %.0f ms, %.0f pages/s", median * 1000, 300 / median))
        } else {
            lines.append("pdf extraction: skipped (poppler-utils is not installed)")
        }

        var generator = SyntheticText(seed: 12)
        let fillStart = DispatchTime.now().uptimeNanoseconds
        for number in 0..<1000 {
            var text = "Source \(number). "
            while text.utf8.count < 50_000 { text += generator.sentence(words: 12) + " " }
            _ = try await library.addText(text, title: "Source \(number) " + generator.sentence(words: 4), tags: [generator.word()])
        }
        let fill = Double(DispatchTime.now().uptimeNanoseconds - fillStart) / 1e9
        lines.append(String(format: "1,000 sources of 50 KB added in %.1f s", fill))
        var queries: [String] = []
        for _ in 0..<200 { queries.append(generator.word() + " " + generator.word()) }
        for _ in 0..<100 { queries.append(generator.word()) }
        var samples: [Double] = []
        var found = 0
        for query in queries {
            samples.append(try BenchSupport.time { found += try library.search(query, limit: 20).count })
        }
        lines.append(String(format: "search over 1,000 sources of 50 KB: p50 %.2f ms, p95 %.2f ms (target p50 <= 10 ms); %d queries, %.1f results each",
                            BenchSupport.percentile(samples, 50) * 1000, BenchSupport.percentile(samples, 95) * 1000,
                            queries.count, Double(found) / Double(queries.count)))
        lines += try SourcesUploadBenchmark.run()
        return lines
    }
}
