import CPostgres

// How values cross libpq: parameters as (type, bytes, format), results decoded from text format by column type.

extension PostgresValue {
    /// Type OIDs from PostgreSQL's catalog (`pg_type`); stable across versions.
    enum TypeOID {
        static let unknown: Oid = 0
        static let bool: Oid = 16
        static let bytea: Oid = 17
        static let int8: Oid = 20
        static let int2: Oid = 21
        static let int4: Oid = 23
        static let oid: Oid = 26
        static let float4: Oid = 700
        static let float8: Oid = 701
    }

    /// The parameter as libpq takes it: its declared type (`unknown` lets the server infer it), its bytes (nil for
    /// NULL; text format has no terminating NUL here) and whether those bytes are in binary format.
    var wireParameter: (type: Oid, bytes: [UInt8]?, binary: Bool) {
        switch self {
        case .null: (TypeOID.unknown, nil, false)
        case .int(let number): (TypeOID.int8, Array(String(number).utf8), false)
        case .double(let number): (TypeOID.float8, Array(Self.text(of: number).utf8), false)
        case .text(let string): (TypeOID.unknown, Array(string.utf8), false)
        case .bytes(let bytes): (TypeOID.bytea, bytes, true)
        case .bool(let flag): (TypeOID.bool, Array((flag ? "true" : "false").utf8), false)
        }
    }

    /// A double in a form `float8in` reads back exactly: Swift's shortest round-trip digits, and PostgreSQL's
    /// spellings of NaN and the infinities.
    static func text(of number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    /// Decodes one result field in text format. A field that does not parse as its column type (which a server
    /// does not send) is kept as `.text`, so a typed getter reports the mismatch instead of a wrong value.
    init(wire bytes: UnsafeBufferPointer<UInt8>, type: Oid) {
        let text = String(decoding: bytes, as: UTF8.self)
        switch type {
        case TypeOID.int2, TypeOID.int4, TypeOID.int8, TypeOID.oid:
            self = Int64(text).map(PostgresValue.int) ?? .text(text)
        case TypeOID.float4, TypeOID.float8:
            self = Self.double(from: text).map(PostgresValue.double) ?? .text(text)
        case TypeOID.bool:
            switch text {
            case "t": self = .bool(true)
            case "f": self = .bool(false)
            default: self = .text(text)
            }
        case TypeOID.bytea:
            self = Self.bytea(from: bytes).map(PostgresValue.bytes) ?? .text(text)
        default:
            self = .text(text)
        }
    }

    private static func double(from text: String) -> Double? {
        switch text {
        case "NaN": .nan
        case "Infinity": .infinity
        case "-Infinity": -.infinity
        default: Double(text)
        }
    }

    /// bytea's text output: hex (`\x0aff`, the default) or the older escape format (`\\` and `\ooo` octal escapes).
    static func bytea(from text: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let backslash = UInt8(ascii: "\\")
        if text.count >= 2, text[0] == backslash, text[1] == UInt8(ascii: "x") {
            guard text.count % 2 == 0 else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity((text.count - 2) / 2)
            var index = 2
            while index < text.count {
                guard let high = hexDigit(text[index]), let low = hexDigit(text[index + 1]) else { return nil }
                bytes.append(high << 4 | low)
                index += 2
            }
            return bytes
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            let byte = text[index]
            guard byte == backslash else {
                bytes.append(byte)
                index += 1
                continue
            }
            if index + 1 < text.count, text[index + 1] == backslash {
                bytes.append(backslash)
                index += 2
                continue
            }
            guard index + 3 < text.count, let a = octalDigit(text[index + 1]), let b = octalDigit(text[index + 2]),
                  let c = octalDigit(text[index + 3]), a <= 3 else { return nil }
            bytes.append(a << 6 | b << 3 | c)
            index += 4
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func octalDigit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }
}
