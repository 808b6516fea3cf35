import Foundation
import HTTPServer

/// A request's data as Django REST framework's parsers hand it to a serializer: a JSON document, or form fields
/// (url-encoded or multipart, a Django `QueryDict`), or nothing (an empty body reads as `{}`).
enum RequestData: Sendable {
    case json(ParsedJSON)
    case form(QueryParameters)
    case empty

    /// Most fields accepted in a form body (Django's `DATA_UPLOAD_MAX_NUMBER_FIELDS`).
    static let maxFormFields = 1000

    /// Parses the body by its Content-Type, as DRF selects a parser: 415 for a type it has no parser for,
    /// 400 `JSON parse error - …` / `Multipart form parse error - …` for a body that does not parse.
    static func read(_ request: HTTPRequest) throws(APIError) -> RequestData {
        let contentType = request.headers["Content-Type"] ?? ""
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        let isForm = mediaType == "application/x-www-form-urlencoded" || mediaType == "multipart/form-data"
        guard !request.body.isEmpty else { return isForm ? .form(QueryParameters()) : .empty }
        switch mediaType {
        case "application/json":
            do {
                return .json(try PythonJSONParser.parse(request.body))
            } catch {
                throw APIError.parseError("JSON parse error - \(error.message)")
            }
        case "application/x-www-form-urlencoded":
            let fields = QueryParameters(encoded: String(decoding: request.body, as: UTF8.self))
            guard fields.count <= maxFormFields else { throw tooManyFields }
            return .form(fields)
        case "multipart/form-data":
            guard let boundary = MultipartFormParser.boundary(fromContentType: contentType) else {
                throw APIError.parseError("Multipart form parse error - Invalid boundary in multipart: None")
            }
            do {
                let form = try MultipartFormParser.parse(request.body, boundary: boundary)
                return .form(QueryParameters(form.fields))
            } catch {
                throw APIError.parseError("Multipart form parse error - \(error.message)")
            }
        default:
            throw APIError.unsupportedMediaType(contentType)
        }
    }

    private static var tooManyFields: APIError {
        .detail(400, "The number of GET/POST parameters exceeded settings.DATA_UPLOAD_MAX_NUMBER_FIELDS.")
    }

    /// The serializer's first check: the data must be a dictionary.
    func requireDictionary() throws(APIError) {
        guard case .json(let value) = self else { return }
        switch value {
        case .object: return
        case .null: throw APIError.fields(Self.nonField("No data provided"))
        default: throw APIError.fields(Self.nonField("Invalid data. Expected a dictionary, but got \(value.pythonTypeName)."))
        }
    }

    private static func nonField(_ message: String) -> FieldErrors {
        var errors = FieldErrors()
        errors.add("non_field_errors", [message])
        return errors
    }

    /// True for HTML-form input, where DRF reads absent check boxes as false and `""` as "not sent".
    var isForm: Bool {
        if case .form = self { return true }
        return false
    }
}
