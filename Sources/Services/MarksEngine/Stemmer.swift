/// A light English suffix stripper for matching word forms ("computers" ~ "computer", "programming" ~
/// "program"); it leaves words of other languages mostly alone. Keys only, never shown to a user.
enum Stemmer {
    /// The stem of one lower-case word.
    static func stem(_ word: String) -> String {
        var scalars = Array(word.unicodeScalars)
        guard scalars.count > 3, scalars.allSatisfy({ $0.isASCII }) else { return word }
        func ends(_ suffix: String) -> Bool {
            let tail = Array(suffix.unicodeScalars)
            return scalars.count > tail.count + 2 && Array(scalars.suffix(tail.count)) == tail
        }
        func drop(_ count: Int, add: String = "") {
            scalars.removeLast(count)
            scalars.append(contentsOf: add.unicodeScalars)
        }
        if ends("ies") {
            drop(3, add: "y")
        } else if ends("sses") {
            drop(2)
        } else if ends("s"), !ends("ss"), !ends("us"), !ends("is") {
            drop(1)
        }
        if ends("ing") {
            drop(3)
            undouble(&scalars)
        } else if ends("ed"), !ends("eed") {
            drop(2)
            undouble(&scalars)
        }
        if ends("e"), scalars.count > 4 { drop(1) }
        return String(String.UnicodeScalarView(scalars))
    }

    /// A matching key for a phrase: each word stemmed, joined with `-`.
    static func key(_ words: [String]) -> String {
        words.map(stem).joined(separator: "-")
    }

    private static func undouble(_ scalars: inout [Unicode.Scalar]) {
        guard scalars.count > 2, let last = scalars.last, scalars[scalars.count - 2] == last,
              !["l", "s", "z"].contains(last) else { return }
        scalars.removeLast()
    }
}
