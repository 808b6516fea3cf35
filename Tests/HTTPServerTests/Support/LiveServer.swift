import MarksTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import HTTPServer

/// A URLSession per test (never the shared one), invalidated after use.
struct TestClient {
    struct Reply {
        let status: Int
        let headers: [AnyHashable: Any]
        let body: Data

        func header(_ name: String) -> String? {
            headers.first { ($0.key as? String)?.lowercased() == name.lowercased() }?.value as? String
        }

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    let port: Int

    func send(
        _ method: String = "GET", _ path: String, headers: [String: String] = [:], body: Data? = nil,
        session: URLSession? = nil
    ) async throws -> Reply {
        let own = session == nil
        let session = session ?? URLSession(configuration: .ephemeral)
        defer { if own { session.finishTasksAndInvalidate() } }
        guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return Reply(status: http.statusCode, headers: http.allHeaderFields, body: data)
    }
}

