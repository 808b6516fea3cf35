import MarksCore

extension IndexedDocument {
    /// The blocks the `fields` passages are cut from: the title as the heading, then the summary, the description
    /// (when it is not the summary) and the notes as paragraphs; the title alone when there is nothing else (and
    /// for a source, whose text is cut into `page` passages).
    var fieldBlocks: [PassageBlock] {
        let title = displayTitle.trimmingWhitespace
        var blocks = [PassageBlock(.heading, title)]
        let summary = aiSummary?.trimmingWhitespace ?? ""
        let description = description.trimmingWhitespace
        var body: [PassageBlock] = []
        if id > 0 { // a source's text is its description here; its passages are cut page by page instead
            body = PassageBlock.paragraphs(of: summary)
            if description != summary { body += PassageBlock.paragraphs(of: description) }
            body += PassageBlock.paragraphs(of: notes)
        }
        if body.isEmpty { body = [PassageBlock(.paragraph, title)] }
        blocks += body
        return blocks
    }

    /// The document's `fields` passages, cut from its row by `SearchIndex.splitter` whenever they are asked for (index
    /// migration 6: they are not stored, the row holds their text). The splitter is deterministic, so a passage's
    /// ordinal, range and id stay the same as long as the fields do.
    var fieldPassages: [IndexedPassage] {
        SearchIndex.splitter.split(fieldBlocks).prefix(SearchIndex.maximumPassages).map { passage in
            IndexedPassage(id: IndexedPassage.fieldPassageID(document: id, ordinal: passage.ordinal), documentID: id,
                           section: "fields", ordinal: passage.ordinal, heading: passage.heading ?? "", page: passage.page,
                           range: passage.range, text: passage.text)
        }
    }

    /// The `fields` passage that stands for the whole document in a passage search for `query`: the one holding most
    /// of the query's words (a bookmark-level hit says the document matches, not where), the first on a tie (the
    /// document's vector is computed from its start). Nil only for a document with no text at all.
    func fieldPassage(for query: String) -> IndexedPassage? {
        let passages = fieldPassages
        guard passages.count > 1 else { return passages.first }
        let wanted = Self.words(query)
        var best = passages[0]
        var bestCount = -1
        for passage in passages {
            let count = Self.words(passage.heading + " " + passage.text).intersection(wanted).count
            if count > bestCount {
                best = passage
                bestCount = count
            }
        }
        return best
    }

    /// Lower-cased words (letters and digits) of `text`.
    private static func words(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }
}
