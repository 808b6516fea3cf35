/// linkding's `tag_search` profile setting: in `lax` mode a plain word also matches a tag of that exact name.
public enum TagSearchMode: String, Sendable, CaseIterable, Codable {
    case strict
    case lax
}
