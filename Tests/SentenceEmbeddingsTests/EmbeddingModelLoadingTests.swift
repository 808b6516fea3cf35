import Foundation
import Testing
@testable import SentenceEmbeddings

/// Loading failures: each must be a typed error that says what to do, never a crash.
struct EmbeddingModelLoadingTests {
    @Test func anEmptyDirectoryIsReportedAsMissingWithInstructions() throws {
        let directory = try TemporaryDirectory()
        #expect {
            try EmbeddingModel.load(directory: directory.url)
        } throws: { error in
            guard case EmbeddingError.modelNotFound(let message) = error else { return false }
            return message.contains("scripts/fetch-model.sh") && message.contains(directory.url.path)
        }
    }

    @Test func loadInstalledReportsAMissingModel() throws {
        let directory = try TemporaryDirectory()
        let environment = ["MARKS_MODEL_DIR": directory.url.path, "XDG_CACHE_HOME": directory.url.path]
        #expect(throws: EmbeddingError.modelNotFound(message: ModelLocator(environment: environment).missingModelMessage)) {
            try EmbeddingModel.loadInstalled(environment: environment)
        }
    }

    @Test func aGarbageWeightsFileIsReportedAsDamaged() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.file("vocab.txt", (["[UNK]", "[CLS]", "[SEP]"] + (3..<30522).map { "t\($0)" }).joined(separator: "\n"))
        _ = try directory.file("model.safetensors", "this is not a weights file")
        #expect {
            try EmbeddingModel.load(directory: directory.url)
        } throws: { error in
            guard case EmbeddingError.malformedSafeTensors = error else { return false }
            return "\(error)".contains("fetch-model.sh")
        }
    }

    @Test func aVocabularyOfTheWrongSizeIsUnsupported() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.file("vocab.txt", "[UNK]\n[CLS]\n[SEP]\nhello\n")
        _ = try directory.file("model.safetensors", "")
        #expect(throws: EmbeddingError.unsupportedModel(reason: "vocab.txt has 4 entries, the model 30522")) {
            try EmbeddingModel.load(directory: directory.url)
        }
    }

    @Test(arguments: [
        (#"{"hidden_size": 768}"#, "config.json has hidden_size 768, expected 384"),
        (#"{"num_hidden_layers": 12}"#, "config.json has num_hidden_layers 12, expected 6"),
        (#"{"hidden_act": "relu"}"#, "config.json has hidden_act relu, expected gelu"),
        (#"{"layer_norm_eps": 1e-5}"#, "config.json has layer_norm_eps 1e-05, expected 1e-12"),
    ])
    func aConfigForAnotherArchitectureIsUnsupported(config: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        _ = try directory.file("config.json", config)
        _ = try directory.file("vocab.txt", "x")
        _ = try directory.file("model.safetensors", "x")
        #expect(throws: EmbeddingError.unsupportedModel(reason: reason)) { try EmbeddingModel.load(directory: directory.url) }
    }

    @Test func anUnreadableConfigIsUnsupported() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.file("config.json", "{not json")
        _ = try directory.file("vocab.txt", "x")
        _ = try directory.file("model.safetensors", "x")
        #expect {
            try EmbeddingModel.load(directory: directory.url)
        } throws: { error in
            guard case EmbeddingError.unsupportedModel(let reason) = error else { return false }
            return reason.hasPrefix("config.json cannot be read")
        }
    }

    @Test(.enabled(if: ModelFixture.isInstalled, "all-MiniLM-L6-v2 is not installed: run scripts/fetch-model.sh"))
    func aTruncatedCopyOfTheRealWeightsIsReportedAsDamaged() throws {
        let installed = try #require(ModelFixture.directory)
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(at: installed.appendingPathComponent("vocab.txt"), to: directory.url.appendingPathComponent("vocab.txt"))
        let weights = try Data(contentsOf: installed.appendingPathComponent("model.safetensors"))
        try weights.prefix(weights.count - 1000).write(to: directory.url.appendingPathComponent("model.safetensors"))
        #expect {
            try EmbeddingModel.load(directory: directory.url)
        } throws: { error in
            guard case EmbeddingError.malformedSafeTensors(_, let reason) = error else { return false }
            return reason.contains("truncated")
        }
    }

    @Test func batchesAreLongestFirstAndWithinBudget() {
        let sequences = [3, 600, 10, 200, 200, 1, 512].map { [Int32](repeating: 5, count: $0) }
        let batches = EmbeddingModel.batches(sequences)
        #expect(batches.flatMap { $0 }.sorted() == Array(sequences.indices))
        #expect(batches.first == [1]) // a sequence over the budget still gets a batch of its own
        for batch in batches where batch.count > 1 {
            #expect(batch.map { sequences[$0].count }.reduce(0, +) <= EmbeddingModel.batchTokenBudget)
        }
        let lengths = batches.flatMap { $0 }.map { sequences[$0].count }
        #expect(lengths == lengths.sorted(by: >))
    }

    @Test func thePrecisionSettingIsReadOrRefused() throws {
        #expect(try EmbeddingModel.precision([:]) == EmbeddingPrecision.fastest)
        #expect(try EmbeddingModel.precision(["MARKS_EMBEDDING_PRECISION": ""]) == EmbeddingPrecision.fastest)
        #expect(try EmbeddingModel.precision(["MARKS_EMBEDDING_PRECISION": "float32"]) == .float32)
        #expect(try EmbeddingModel.precision(["MARKS_EMBEDDING_PRECISION": "int8"]) == .int8)
        #expect {
            try EmbeddingModel.precision(["MARKS_EMBEDDING_PRECISION": "fp16"])
        } throws: { error in
            guard case EmbeddingError.unsupportedModel(let reason) = error else { return false }
            return reason.contains("fp16") && reason.contains("float32, bfloat16 or int8")
        }
    }

    /// A precision this CPU lacks falls back to float32 rather than failing.
    @Test func aPrecisionTheCPULacksRunsAsFloat32() {
        for precision in [EmbeddingPrecision.bfloat16, .int8] where !precision.supported {
            let weights = LinearWeights([Float](repeating: 0.5, count: 64 * 384), outputs: 64, inputs: 384, precision: precision)
            #expect(weights.precision == .float32)
        }
        #expect(EmbeddingPrecision.fastest.supported)
    }
}
