import Compression
import Foundation
import MarksCore

/// Omnivore's export ZIP made into what `ImportFormat.omnivore` reads: the arrays of its `metadata_*.json` files
/// joined into one, each item given the Markdown of its highlights (`highlights/<slug>.md`) as `highlights`, which
/// the importer keeps in the notes. The archive is read through the size-capped ZIP reader; its `content/*.md` are
/// not kept (Marks reads the page itself).
public enum OmnivoreArchive {
    /// True for bytes that begin as a ZIP archive does (`PK\u{3}\u{4}`).
    public static func isArchive(_ data: Data) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// The metadata of the ZIP at `url` as one JSON array. Throws `ImportFormatError` for an archive that cannot be
    /// read or holds no metadata file.
    public static func metadataJSON(at url: URL) throws(ImportFormatError) -> String {
        do {
            let archive = try ZipArchive(url: url)
            var highlights: [String: String] = [:]
            for entry in archive.entries where entry.name.hasPrefix("highlights/") && entry.name.hasSuffix(".md") {
                let slug = String(entry.name.dropFirst("highlights/".count).dropLast(3))
                highlights[slug] = String(decoding: try archive.contents(of: entry), as: UTF8.self)
            }
            let metadata = archive.entries.filter { ($0.name as NSString).lastPathComponent.hasPrefix("metadata_") && $0.name.hasSuffix(".json") }
            guard !metadata.isEmpty else {
                throw ImportFormatError.notThisFormat(.omnivore, "the ZIP archive holds no metadata_*.json file")
            }
            var items: [Any] = []
            for entry in metadata.sorted(by: { $0.name < $1.name }) {
                let bytes = try archive.contents(of: entry)
                guard let array = try JSONSerialization.jsonObject(with: Data(bytes)) as? [Any] else {
                    throw ImportFormatError.broken(.omnivore, place: nil, "\(entry.name) is not a list of saved items")
                }
                for item in array {
                    guard var object = item as? [String: Any] else { continue }
                    if let slug = object["slug"] as? String, let markdown = highlights[slug], object["highlights"] == nil {
                        object["highlights"] = markdown
                    }
                    items.append(object)
                }
            }
            return String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self)
        } catch let error as ImportFormatError {
            throw error
        } catch let error as ZipError {
            throw .broken(.omnivore, place: nil, "the ZIP archive cannot be read (\(error))")
        } catch {
            throw .broken(.omnivore, place: nil, "a metadata file is not valid JSON")
        }
    }
}
