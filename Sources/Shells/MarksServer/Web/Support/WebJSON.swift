/// Tiny JSON writing for the few JSON answers of the web app (the duplicate check, errors to the script).
enum WebJSON {
    /// A JSON string literal for `text`.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON object from ordered fields whose values are already JSON.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}

/// Headings for error statuses.
enum HTTPStatusText {
    static func heading(_ status: Int) -> String {
        switch status {
        case 400: "That did not work"
        case 403: "Refused"
        case 404: "Not found"
        case 405: "Not allowed"
        case 413: "Too large"
        case 415: "Not a form"
        case 500...599: "Something went wrong"
        default: "That did not work"
        }
    }
}
