import Foundation
import HTTPServer
import MarksCore
import MarksTestSupport

/// A stand-in for the Anthropic Messages API on a real port: every prompt gets the same summary and tags in the
/// real response format, so an enrich job's result can be recognised where it lands.
final class SummaryStandIn: Sendable {
    static let model = "test-model"
    static let key = "sk-ant-test-key"
    static let summary = "A page the stand-in model summarised."

    private let server: LiveServer

    init() throws {
        server = try LiveServer { request, _ in
            guard request.path == "/v1/messages", request.headers["x-api-key"] == Self.key else {
                return .json(data: Data(#"{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}"#.utf8), status: 401)
            }
            let text = JSONValue.string(#"{"summary":"\#(Self.summary)","tags":["standin"]}"#).serialized
            return .json(data: Data(#"{"id":"msg_1","type":"message","role":"assistant","model":"\#(Self.model)","content":[{"type":"text","text":\#(text)}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}"#.utf8))
        }
    }

    var port: Int { server.port }

    /// The config's `ai` entry pointing at this stand-in.
    var configJSON: String {
        #""ai":{"provider":"anthropic","base_url":"http://127.0.0.1:\#(port)","model":"\#(Self.model)","api_key":"\#(Self.key)"}"#
    }

    func stop() async { await server.stop() }
}
