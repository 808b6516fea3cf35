import CSQLite

/// An application-defined SQL scalar function: its name, how many arguments it takes, and its Swift body.
///
/// Register it on every connection that runs SQL calling it (`Connection.define`, `Database.define`): a trigger
/// that calls a function its connection does not know fails the statement ("no such function"), loudly.
public struct ScalarFunction: Sendable {
    /// The SQL name.
    public let name: String
    /// The number of arguments (0–127; -1 for any number).
    public let argumentCount: Int32
    let implementation: Implementation

    enum Implementation: Sendable {
        /// A Swift body over the arguments' values (each text and blob copied in).
        case values(@Sendable ([SQLValue]) throws -> SQLValue)
        /// `FoldedContains`: reads the arguments' bytes in place, one C call per row.
        case foldedContains
    }

    /// A deterministic function (same arguments, same result; SQLite may use it in indexes and triggers). `body` takes
    /// the arguments' values and gives the result; a thrown error fails the statement with its description.
    public init(name: String, argumentCount: Int32, body: @escaping @Sendable ([SQLValue]) throws -> SQLValue) {
        self.name = name
        self.argumentCount = argumentCount
        self.implementation = .values(body)
    }

    /// `contains_folded(needle, text, …)`: 1 when any `text` holds `needle` with ASCII letters case-folded on both
    /// sides, else 0 — what `instr(lower(text), lower(needle)) > 0 OR …` answers (SQLite's `lower` folds ASCII only;
    /// no ICU), and what `text LIKE '%needle%' ESCAPE …` answers for text without NUL. It reads each text's bytes
    /// where SQLite keeps them: no copy, no lower-cased string, one call for all the texts. NULL arguments hold
    /// nothing; a NULL needle gives 0; an empty needle is found in every non-NULL text.
    public static let foldedContains = ScalarFunction(name: "contains_folded", argumentCount: -1, implementation: .foldedContains)

    private init(name: String, argumentCount: Int32, implementation: Implementation) {
        self.name = name
        self.argumentCount = argumentCount
        self.implementation = implementation
    }
}

/// The box SQLite holds as the function's user data; released by SQLite when the function is replaced or the
/// connection closes.
final class ScalarFunctionBox {
    let function: ScalarFunction
    init(_ function: ScalarFunction) { self.function = function }

    static func value(_ value: OpaquePointer?) -> SQLValue {
        guard let value else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT:
            return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            let count = Int(sqlite3_value_bytes(value))
            guard let pointer = sqlite3_value_text(value) else { return .text("") }
            return .text(String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard let pointer = sqlite3_value_blob(value), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: pointer, count: count)))
        default:
            return .null
        }
    }

    static func setResult(_ context: OpaquePointer, _ value: SQLValue) {
        switch value {
        case .null:
            sqlite3_result_null(context)
        case .integer(let number):
            sqlite3_result_int64(context, number)
        case .real(let number):
            sqlite3_result_double(context, number)
        case .text(let string):
            var string = string
            string.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_result_text(context, "", 0, csqlite_transient())
                }
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                    sqlite3_result_text64(context, chars, UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let bytes):
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress, !raw.isEmpty {
                    sqlite3_result_blob64(context, base, UInt64(raw.count), csqlite_transient())
                } else {
                    sqlite3_result_zeroblob(context, 0)
                }
            }
        }
    }
}

extension Connection {
    /// Registers `function` on this connection (replacing one of the same name and argument count).
    public func define(_ function: ScalarFunction) throws {
        guard (-1...127).contains(function.argumentCount), !function.name.isEmpty, !function.name.utf8.contains(0) else {
            throw SQLiteError.misuse("a scalar function needs a name and 0–127 arguments (-1: any number): \(function.name)")
        }
        if case .foldedContains = function.implementation {
            let result = sqlite3_create_function_v2(handle, function.name, function.argumentCount,
                                                    SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil, FoldedContains.call, nil, nil, nil)
            guard result == SQLITE_OK else { throw SQLiteError(handle: handle, resultCode: result, sql: nil) }
            return
        }
        let box = Unmanaged.passRetained(ScalarFunctionBox(function)).toOpaque()
        let result = sqlite3_create_function_v2(
            handle, function.name, function.argumentCount, SQLITE_UTF8 | SQLITE_DETERMINISTIC, box,
            { context, count, values in
                guard let context else { return }
                let box = Unmanaged<ScalarFunctionBox>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                var arguments: [SQLValue] = []
                arguments.reserveCapacity(Int(count))
                for index in 0..<Int(count) {
                    arguments.append(ScalarFunctionBox.value(values?[index]))
                }
                do {
                    guard case .values(let body) = box.function.implementation else { return }
                    ScalarFunctionBox.setResult(context, try body(arguments))
                } catch {
                    sqlite3_result_error(context, "\(box.function.name): \(error)", -1)
                }
            },
            nil, nil,
            { pointer in
                guard let pointer else { return }
                Unmanaged<ScalarFunctionBox>.fromOpaque(pointer).release()
            })
        // sqlite3_create_function_v2 calls the destructor itself when it fails.
        guard result == SQLITE_OK else { throw SQLiteError(handle: handle, resultCode: result, sql: nil) }
    }
}
