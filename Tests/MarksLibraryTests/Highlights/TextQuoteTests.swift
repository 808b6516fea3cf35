import MarksReading
import Testing

/// Placing a highlight in a text by its quote and context (pure): exact words, the same words twice told apart by
/// their surroundings, white space that changed, and a text whose words are gone.
@Suite struct TextQuoteTests {
    static let text = "Grey herons leave the lakes in October. In spring the herons return; the herons nest in reeds."

    private func placed(_ quote: TextQuote, in text: String = text) -> String? {
        guard let range = quote.place(in: text) else { return nil }
        let utf16 = Array(text.utf16)
        return String(decoding: utf16[range], as: UTF16.self)
    }

    @Test func anExactQuoteIsFound() {
        #expect(placed(TextQuote(quote: "leave the lakes")) == "leave the lakes")
        #expect(TextQuote(quote: "leave the lakes").place(in: Self.text) == 12..<27)
    }

    /// An imported highlight (another service's export) has its quote and no context: it is placed by its words alone
    /// (a quote over two lines, as Omnivore's Markdown writes one, included), the first of the same words twice, and
    /// one whose words the page no longer has is not placed.
    @Test func anImportedQuoteWithoutContextIsPlacedByItsWordsAlone() {
        #expect(placed(TextQuote(quote: "In spring the\nherons return;", prefix: "", suffix: "")) == "In spring the herons return;")
        #expect(TextQuote(quote: "the herons").place(in: Self.text) == TextQuote(quote: "the herons", prefix: "In spring ").place(in: Self.text))
        #expect(TextQuote(quote: "flamingos return").place(in: Self.text) == nil)
    }

    @Test func theContextPicksTheRightOneOfTheSameWords() {
        let second = TextQuote(quote: "the herons", prefix: "return; ", suffix: " nest in")
        let range = second.place(in: Self.text)
        #expect(range?.lowerBound == (Self.text as String).utf16.count - " nest in reeds.".utf16.count - "the herons".utf16.count)
        let first = TextQuote(quote: "the herons", prefix: "In spring ", suffix: " return")
        #expect(first.place(in: Self.text)?.lowerBound == "Grey herons leave the lakes in October. In spring ".utf16.count)
        #expect(TextQuote(quote: "the herons").place(in: Self.text)?.lowerBound == first.place(in: Self.text)?.lowerBound, "the first on a tie")
    }

    @Test func whiteSpaceMayDiffer() {
        let reflowed = "Grey herons\n  leave the\tlakes in October.In spring"
        #expect(placed(TextQuote(quote: "leave the lakes"), in: reflowed) == "leave the\tlakes")
        // The browser's text of two blocks has no space between them; the stored text has one.
        #expect(placed(TextQuote(quote: "October.In spring"), in: Self.text) == "October. In spring")
    }

    @Test func wordsThatAreGoneAreNotPlaced() {
        #expect(TextQuote(quote: "flamingos dance").place(in: Self.text) == nil)
        #expect(TextQuote(quote: "   ").place(in: Self.text) == nil)
        #expect(TextQuote(quote: "herons").place(in: "") == nil)
    }

    @Test func aQuoteTakenFromATextCarriesItsContextAndPlacesBack() {
        let start = Self.text.utf16.count - "the herons nest in reeds.".utf16.count
        let quote = TextQuote(text: Self.text, utf16Range: start..<(start + "the herons".utf16.count))
        #expect(quote.quote == "the herons")
        #expect(quote.prefix.count == TextQuote.contextLength && quote.prefix.hasSuffix("return; "))
        #expect(quote.suffix == " nest in reeds.")
        #expect(quote.place(in: Self.text) == start..<(start + 10))
    }

    @Test func textOutsideTheBasicPlaneIsCountedInUTF16() {
        let text = "Emoji 🦩 flamingo and 🦢 swan"
        #expect(placed(TextQuote(quote: "🦢 swan"), in: text) == "🦢 swan")
    }
}
