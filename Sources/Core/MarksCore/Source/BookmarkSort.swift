/// The sort orders of linkding's bookmark lists (`sort=`); an unknown value falls back to `addedDesc`.
public enum BookmarkSort: String, Sendable, CaseIterable, Codable {
    case addedDesc = "added_desc"
    case addedAsc = "added_asc"
    case modifiedDesc = "modified_desc"
    case modifiedAsc = "modified_asc"
    case titleAsc = "title_asc"
    case titleDesc = "title_desc"
}
