import Foundation
import Testing
import SentenceEmbeddings

/// Token ids produced by the Hugging Face fast tokenizer (tokenizers 0.23.3, the model's tokenizer.json,
/// truncation 256) for 1,480 texts: hand-picked edge cases plus random mixes of scripts, marks,
/// emoji and control characters (Fixtures/tokenizer-cases.json).
private struct TokenizerCase: Decodable {
    let text: String
    let ids: [Int32]
}

// Needs the real vocabulary; skipped when the model is not installed (run scripts/fetch-model.sh).
@Suite(.enabled(if: ModelFixture.isInstalled, "all-MiniLM-L6-v2 is not installed: run scripts/fetch-model.sh"))
struct TokenizerReferenceTests {
    @Test func everyCaseMatchesTheReferenceTokenizer() throws {
        let model = try ModelFixture.model()
        let url = try #require(Bundle.module.url(forResource: "tokenizer-cases", withExtension: "json", subdirectory: "Fixtures"))
        let cases = try JSONDecoder().decode([TokenizerCase].self, from: Data(contentsOf: url))
        #expect(cases.count == 1480)
        var mismatches = 0
        for item in cases {
            let ids = model.tokenizer.encode(item.text)
            if ids != item.ids {
                mismatches += 1
                let scalars = item.text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ")
                Issue.record("\(scalars): got \(ids), expected \(item.ids)")
            }
        }
        #expect(mismatches == 0)
    }
}
