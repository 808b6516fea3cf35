/// Any JSON object key, so wire types can see every key a client sent and refuse the unknown ones.
struct WireKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ name: String) {
        stringValue = name
        intValue = nil
    }

    init(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
