import Foundation
import HTTPServer
import MarksTestSupport

/// Raw requests to 127.0.0.1:port answered as an `APIReply` (the request should say `Connection: close`), through
/// MarksTestSupport's `RawConnection`, the one raw client.
enum RawHTTP {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func exchange(port: Int, _ request: Data, timeoutSeconds: Int = 20) async throws -> APIReply {
        let response = try await RawConnection.exchange(port: port, [UInt8](request), timeout: .seconds(timeoutSeconds))
        return APIReply(status: response.status, headers: .init(response.headers), body: Data(response.body))
    }

    static func exchange(port: Int, _ request: String) async throws -> APIReply {
        try await exchange(port: port, Data(request.utf8))
    }
}

