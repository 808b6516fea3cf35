/// The JSON header: tensor entries by name plus an optional `__metadata__` string map.
struct SafeTensorsHeader: Decodable {
    struct Entry: Decodable {
        let dtype: String
        let shape: [Int]
        let dataOffsets: [Int]

        enum CodingKeys: String, CodingKey {
            case dtype, shape
            case dataOffsets = "data_offsets"
        }
    }

    struct Key: CodingKey {
        let stringValue: String
        let intValue: Int? = nil
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var entries: [String: Entry] = [:]
    var metadata: [String: String] = [:]

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys {
            if key.stringValue == "__metadata__" {
                metadata = try container.decode([String: String].self, forKey: key)
            } else {
                entries[key.stringValue] = try container.decode(Entry.self, forKey: key)
            }
        }
    }
}
