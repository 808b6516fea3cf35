import MarksCore

/// Arguments several bookmark commands share.
enum BookmarkArguments {
    static let data = ArgumentSpec.option("data", value: "DIR", help: "Data directory (default $XDG_DATA_HOME/marks).")
    static let id = ArgumentSpec.positional("id", help: "The bookmark's id (see marks list).")

    /// The bookmark id positional, as a positive number.
    static func id(_ arguments: ParsedArguments) throws -> Int {
        guard let text = arguments.positional("id"), let id = Int(text), id > 0 else {
            throw arguments.usageError("ID must be a bookmark id, a positive whole number")
        }
        return id
    }

    /// `--tags a,b` as cleaned tag names (nil when not given).
    static func tags(_ arguments: ParsedArguments) -> [String]? {
        guard arguments.option("tags") != nil else { return nil }
        return TagNames.parse(arguments.options("tags").joined(separator: ","))
    }
}
