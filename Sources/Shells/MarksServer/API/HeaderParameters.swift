import Foundation

/// `form-data; name="a"; filename="b.txt"`: the leading value under "" and parameters by lower-cased name.
enum HeaderParameters {
    static func parse(_ value: String) -> [String: String] {
        var result: [String: String] = [:]
        let scalars = Array(value.unicodeScalars)
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        var first = String.UnicodeScalarView()
        while index < scalars.count, scalars[index] != ";" { first.append(scalars[index]); index += 1 }
        result[""] = String(first).trimmingCharacters(in: .whitespaces)
        while index < scalars.count {
            index += 1  // the ';'
            skipSpaces()
            var name = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";" { name.append(scalars[index]); index += 1 }
            var parameterValue = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                skipSpaces()
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    while index < scalars.count, scalars[index] != "\"" {
                        if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
                        parameterValue.append(scalars[index])
                        index += 1
                    }
                    while index < scalars.count, scalars[index] != ";" { index += 1 }
                } else {
                    while index < scalars.count, scalars[index] != ";" { parameterValue.append(scalars[index]); index += 1 }
                }
            }
            let key = String(name).trimmingCharacters(in: .whitespaces).lowercased()
            if !key.isEmpty, result[key] == nil {
                result[key] = String(parameterValue).trimmingCharacters(in: .whitespaces)
            }
        }
        return result
    }
}
