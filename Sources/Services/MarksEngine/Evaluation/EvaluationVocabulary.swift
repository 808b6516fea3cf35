/// The 100-tag vocabulary of the tag evaluation: what a user of a library holding these pages might have.
///
/// - the 20 category names of the evaluation texts: the two Reuters topics and the 18 topical fortune
///   categories (`FortuneCorpus.topicalCategories`);
/// - 80 plausible topic tags written by hand for such a library, without looking at the tagger's output:
///   business and news tags around the Reuters topics, and everyday interest tags around the fortune
///   subjects (programming, cooking, films, pets, health, …), plus a few general ones (humor, quotes).
public enum EvaluationVocabulary {
    /// Exactly 100 distinct tags.
    public static let tags: [String] = categoryTags + topicTags

    /// The category names.
    public static let categoryTags = ReutersCorpus.topics + FortuneCorpus.topicalCategories

    /// The hand-written topic tags.
    public static let topicTags = [
        // business and news
        "mergers", "acquisitions", "takeover", "stocks", "investing", "finance", "banking", "economy", "markets",
        "oil", "opec", "energy", "natural-gas", "petroleum", "prices", "earnings", "business", "trade", "dollar",
        "regulation", "antitrust", "shareholders", "refining", "exports",
        // computing
        "programming", "unix", "software", "hardware", "internet", "security", "open-source", "math",
        // science and health
        "physics", "biology", "astronomy", "health", "doctors", "psychology",
        // food and drink
        "cooking", "recipes", "wine", "beer", "coffee",
        // animals and family
        "cats", "dogs", "animals", "family", "children", "parenting",
        // learning and culture
        "school", "teaching", "books", "writing", "poetry", "music", "movies", "television", "science-fiction",
        "history", "philosophy", "religion", "language",
        // sport and leisure
        "baseball", "football", "golf", "travel",
        // society
        "lawyers", "crime", "government", "elections", "war",
        // work and life
        "management", "office", "money", "relationships", "marriage", "alcohol", "fantasy",
        // general
        "humor", "quotes",
    ]
}
