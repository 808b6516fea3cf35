import Foundation
import HTTPServer
import MarksCore

/// A stand-in for the Anthropic Messages API: answers each prompt kind (enrich, rank, collections) in the
/// real response format, or fails every call with `failure` (a status and an error type).
enum ProviderStandIn {
    static let model = "test-model"
    static let key = "sk-ant-test-key"

    static func responder(failure: (status: Int, type: String)? = nil) -> ResponderFunction {
        ResponderFunction { request in
            guard request.path == "/v1/messages", request.headers["x-api-key"] == key else {
                return error(401, "authentication_error", "invalid x-api-key")
            }
            if let failure { return error(failure.status, failure.type, "stand-in failure") }
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] // safe: test double; nil answers 400
            guard let system = body?["system"] as? String,
                  let user = ((body?["messages"] as? [[String: Any]])?.first?["content"]) as? String else {
                return error(400, "invalid_request_error", "no system or messages")
            }
            return message(answer(system: system, user: user))
        }
    }

    /// The model's JSON for a prompt: a fixed summary and tags, bookmarks ranked in reverse id order,
    /// one collection of the first three bookmarks.
    static func answer(system: String, user: String) -> String {
        let ids = user.split(separator: "\n").compactMap { line in Int(line.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "") }
        if system.contains("You rank") {
            let results = ids.sorted(by: >).enumerated().map { #"{"id":\#($1),"score":\#(1.0 - Double($0) * 0.1)}"# }
            return #"{"results":[\#(results.joined(separator: ","))]}"#
        }
        if system.contains("smart collections") {
            return #"{"collections":[{"name":"First Three","description":"The first three bookmarks.","bookmark_ids":\#(Array(ids.prefix(3)))}]}"#
        }
        return #"{"summary":"A page about structured concurrency.","tags":["Concurrency","swift"]}"#
    }

    static func message(_ text: String) -> HTTPResponse {
        let quoted = JSONValue.string(text).serialized
        return .json(data: Data(#"{"id":"msg_1","type":"message","role":"assistant","model":"\#(model)","content":[{"type":"text","text":\#(quoted)}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}"#.utf8))
    }

    static func error(_ status: Int, _ type: String, _ text: String) -> HTTPResponse {
        .json(data: Data(#"{"type":"error","error":{"type":"\#(type)","message":"\#(text)"}}"#.utf8), status: status)
    }
}
