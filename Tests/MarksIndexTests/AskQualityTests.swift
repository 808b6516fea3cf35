import Foundation
import HTTPServer
import MarksClients
import MarksAsk
import MarksTestSupport
import SystemSupport
import Testing

/// Ask on the real model and the Reuters question set: the targets hold offline, and a provider is
/// measured on the same questions through its tool-use loop.
@Suite struct AskQualityTests {
    @Test(.enabled(if: InstalledModel.isInstalled && EvaluationData.isPresent,
                   "needs the model (make model) and the evaluation texts (scripts/fetch-eval-data.sh)"))
    func citationsAreRightAndUnanswerableQuestionsAbstain() async throws {
        let scratch = TemporaryDirectory.reserve(prefix: "marks-ask-quality")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { removeQuietly(scratch) }
        let report = try await AskQuality.measure(evaluationDirectory: EvaluationData.directory, scratchDirectory: scratch,
                                                  embedder: try InstalledModel.embedder(), workers: .modelTests)
        let table = (AskQuality.format(report) + report.details).joined(separator: "\n")
        #expect(report.usedVectors)
        #expect(report.citationPrecision >= 0.9, "\(table)")
        #expect(report.abstention >= 0.8, "\(table)")
        #expect(report.uncitedAnswers == 0, "\(table)")
        #expect(report.recallAt5 >= 0.9, "\(table)")
    }

    /// A provider is measured through its loop: a stand-in speaking OpenAI's streaming format plays a plain model
    /// (it searches with the question, then answers with the retrieved sentence sharing most words with it, cited,
    /// or "not found" when none shares two). Its figures measure the plumbing, not a model; the point is that every
    /// question went through the loop, no answer fell back and none lacks a citation.
    @Test(.enabled(if: InstalledModel.isInstalled && EvaluationData.isPresent,
                   "needs the model (make model) and the evaluation texts (scripts/fetch-eval-data.sh)"))
    func aProviderIsMeasuredOnTheSameQuestions() async throws {
        let scratch = TemporaryDirectory.reserve(prefix: "marks-ask-quality")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { removeQuietly(scratch) }
        let server = try LiveServer { request, _ in try Self.plainModel(request) }
        let settings = ProviderSettings(kind: .openai, baseURL: server.baseURL.appendingPathComponent("v1"), model: "stand-in",
                                        apiKey: "sk-test-key", timeout: .seconds(60))
        let report: AskQuality.Report
        do {
            report = try await AskQuality.measure(evaluationDirectory: EvaluationData.directory, scratchDirectory: scratch,
                                                  embedder: try InstalledModel.embedder(), distractors: 100,
                                                  provider: settings.client(), workers: .modelTests)
            await server.stop()
        } catch {
            await server.stop()
            throw error
        }
        let lines = AskQuality.format(report)
        let table = (lines + report.details).joined(separator: "\n")
        #expect(report.engine == "openai:stand-in")
        #expect(lines.first?.contains("provider openai:stand-in; 0 answers fell back") == true, "\(table)")
        #expect(report.fallbacks == 0, "\(table)")
        #expect(report.uncitedAnswers == 0, "\(table)")
        #expect(report.recallAt5 >= 0.9, "\(table)")
        #expect(server.requests.count >= 2 * (report.answerable + report.unanswerable), "a search and an answer per question")
        #expect(report.abstention > 0 && report.citationPrecision > 0, "\(table)")
    }

    /// One turn of the plain model, from the messages so far.
    static func plainModel(_ request: HTTPRequest) throws -> HTTPResponse {
        // Not #require: this runs on the server's tasks, outside the test; a malformed request is a 500 the loop reports.
        guard let body = try JSONSerialization.jsonObject(with: request.body) as? [String: Any],
              let messages = body["messages"] as? [[String: Any]],
              let question = messages.last(where: { $0["role"] as? String == "user" })?["content"] as? String else {
            return HTTPResponse(status: 500, body: .bytes(Data("no messages".utf8)))
        }
        guard messages.last?["role"] as? String == "tool", let results = messages.last?["content"] as? String else {
            let call: [String: Any] = ["role": "assistant", "tool_calls": [["index": 0, "id": "call_1", "type": "function",
                "function": ["name": "search_library", "arguments": try Self.json(["query": question])]]]]
            return AskProviderTests.openAIChunks([try Self.json(call)])
        }
        func words(_ text: String) -> Set<String> {
            Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.filter { $0.count >= 4 }.map(String.init))
        }
        let asked = words(question)
        var best: (overlap: Int, text: String) = (1, AskAnswer.notFoundText)
        for block in results.components(separatedBy: "\n\n") {
            let lines = block.split(separator: "\n", maxSplits: 1).map(String.init)
            guard lines.count == 2, lines[0].hasPrefix("["), let close = lines[0].firstIndex(of: "]") else { continue }
            let number = lines[0][lines[0].index(after: lines[0].startIndex)..<close]
            for sentence in lines[1].components(separatedBy: ". ") {
                let overlap = words(sentence).intersection(asked).count
                if overlap > best.overlap {
                    let text = sentence.trimmingCharacters(in: .whitespaces)
                    best = (overlap, (text.hasSuffix(".") ? String(text.dropLast()) : text) + " [\(number)].")
                }
            }
        }
        return AskProviderTests.openAIChunks([try Self.json(["content": best.text])])
    }

    static func json(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}
