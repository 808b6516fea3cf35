import Foundation

/// Words that say nothing about what a page is about, so never a tag on their own whatever suggests them: the
/// stop words, and words about the form of a text (`overview`, `primer`, `guide`), about its making (`rewrote`,
/// `update`), about time (`weekend`, `today`) and placeholders (`misc`, `stuff`, `test`). A tag is generic when
/// every word of it is (`weekend-reading` is; `machine-learning` is not).
public enum GenericTags {
    /// True when `tag` (any case; words split on `-`, `_`, `.`, `/`, spaces and camelCase) carries no topic.
    public static func isGeneric(_ tag: String) -> Bool {
        let words = TagVocabulary.words(of: tag).split(separator: " ").map(String.init)
        guard !words.isEmpty else { return true }
        return words.allSatisfy { word in
            let bare = word.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
            // A symbol-only or symbol-bearing word (`c++`, `c#`) is a name, never generic.
            if bare.isEmpty { return word.allSatisfy { $0 == "#" } }
            if bare != word { return false }
            return StopWords.contains(word) || generic.contains(word) || word.allSatisfy(\.isNumber)
        }
    }

    private static let generic: Set<String> = Set(
        """
        overview overviews introduction introductions intro primer primers beginner beginners basics basic guide guides
        tutorial tutorials howto how-to walkthrough handbook manual cheatsheet summary summaries lesson lessons tips
        tricks notes note thoughts review reviews essay article articles post posts blog blogs page pages website
        websites site sites link links read reading reads later readlater toread bookmark bookmarks saved save
        rewrote rewrite rewrites rewriting rewritten wrote written writeup update updates updated new newest latest
        release released version edition part chapter episode issue vol volume
        weekend weekends today yesterday tomorrow week weeks weekly month months monthly year years yearly daily
        morning evening night
        misc miscellaneous stuff thing things various general other others random todo tmp temp test tests foo bar
        baz example examples sample samples demo untagged imported import unsorted inbox
        good great best better cool nice interesting awesome useful simple easy quick short long big small
        using use uses used way ways thing idea ideas question questions answer answers
        """.split(whereSeparator: \.isWhitespace).map(String.init))
}
