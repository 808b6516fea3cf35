/// What can go wrong with saved collections.
public enum CollectionError: Error, Equatable, Sendable {
    /// The database could not be read or written.
    case storage(String)
    /// No collection has this id (it was never made, or a refresh dropped it).
    case notFound(Int)
    /// A name that is empty or longer than 200 characters.
    case invalidName

    /// `body`, its database errors as `storage`.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CollectionError {
            throw error
        } catch {
            throw CollectionError.storage(String(describing: error))
        }
    }
}
