import Foundation
import MarksCore

extension LibraryService {
    /// Imports entries already read (a Marks export) with the same semantics as `importNetscape`: into a source with
    /// a bulk import in one transaction, else one by one through its API; an existing URL is updated, never
    /// duplicated, so importing the same entries twice changes nothing.
    public func importEntries(_ entries: [NetscapeEntry], progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> ImportReport {
        let reading: ImportFileReading
        let result: ImportTally
        if let bulkImport = source.bulkImport {
            (reading, result) = try await importInBulk(bulkImport, mapPrivateFlag: true, progress: progress) { send in
                try ImportFileReading.fitting(entries, send: send)
            }
        } else {
            var fitted: [NetscapeEntry] = []
            reading = try ImportFileReading.fitting(entries) { part in
                fitted += part
                return true
            }
            result = try await importThroughAPI(fitted, mapPrivateFlag: true, progress: progress)
        }
        var problems = reading.problems
        for failure in result.failures {
            problems.append(ImportReport.Problem(line: nil, url: failure.url, message: "Skipped \(failure.url.prefix(80)): \(failure.reason)"))
        }
        return ImportReport(read: reading.count, created: result.created, updated: result.updated,
                            skipped: result.failures.count, problems: problems, throughAPI: source.bulkImport == nil,
                            trimmed: reading.trimmed, unchanged: result.unchanged)
    }
}
