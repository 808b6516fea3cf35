import MarksCore
import Testing

@Suite struct SpokenTextTests {
    @Test(arguments: [
        ("See https://www.example.com/a/b?c=1 for more.", "See a link to example.com for more."),
        ("Docs at www.swift.org/documentation.", "Docs at a link to swift.org."),
        ("As shown before.[12] Later[a] too[citation needed].", "As shown before. Later too."),
        ("Water is wet¹ and dry².", "Water is wet and dry."),
        ("Released 2024-05-03T10:00:00Z.", "Released May 3, 2024."),
        ("It costs $20, or €1.5M in total.", "It costs 20 dollars, or 1.5 million euros in total."),
        ("Growth was 12% and 3.5 %.", "Growth was 12 percent and 3.5 percent."),
        ("A 5 km run and 200ms latency on a 16GB machine.", "A 5 kilometres run and 200 milliseconds latency on a 16 gigabytes machine."),
        ("It is 3x faster.", "It is 3 times faster."),
        ("Fruit, e.g. apples, i.e. food, etc.", "Fruit, for example, apples, that is, food, et cetera."),
        ("Dr. Smith met Mr. Jones vs. Prof. Lee", "Doctor Smith met Mister Jones versus Professor Lee"),
        ("Rock & roll", "Rock and roll"),
        ("From 1990–2000 it grew.", "From 1990 to 2000 it grew."),
        ("Input -> output", "Input to output"),
        ("Use **bold** and *stress* and `code`.", "Use bold and stress and code."),
        ("Read [the guide](https://example.com/guide) first.", "Read the guide first."),
        ("Great work 🎉🚀 team", "Great work team"),
        ("TCP/IP and and/or", "TCP IP and and or"),
        ("Issue #42 is ~3 days old", "Issue number 42 is about 3 days old"),
    ])
    func normalisesEnglish(input: String, expected: String) {
        #expect(SpokenText.speakable(input, english: true) == expected)
    }

    @Test func otherLanguagesKeepTheirWordsButLoseURLsAndFootnotes() {
        let german = SpokenText.speakable("Siehe https://example.de/x [3] z.B. 20%", english: false)
        #expect(german == "Siehe a link to example.de z.B. 20%")
    }

    @Test func recognisesEnglishTags() {
        #expect(SpokenText.isEnglish(nil))
        #expect(SpokenText.isEnglish("en-GB"))
        #expect(SpokenText.isEnglish("EN"))
        #expect(!SpokenText.isEnglish("de"))
        #expect(!SpokenText.isEnglish("eo"))
    }

    @Test func sentencesEndInPunctuation() {
        #expect(SpokenText.sentence("A heading") == "A heading.")
        #expect(SpokenText.sentence("Really?") == "Really?")
        #expect(SpokenText.clause("Title.") == "Title")
    }

    @Test func numbersThatAreNotUnitsStayAsTheyAre() {
        #expect(SpokenText.speakable("In 1984, 1,500 people came at 10:30.", english: true) == "In 1984, 1,500 people came at 10:30.")
        #expect(SpokenText.speakable("An invalid date 2024-13-45 stays.", english: true) == "An invalid date 2024-13-45 stays.")
    }
}
