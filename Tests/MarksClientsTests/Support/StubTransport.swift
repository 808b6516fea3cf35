import Foundation
import HTTPClient
import Synchronization
import MarksClients
import MarksCore

/// An in-memory linkding: records every request and answers each with `reply`.
final class StubTransport: Sendable {
    /// A canned answer.
    struct Answer: Sendable {
        var status: Int
        var headers: [String: String]
        var body: Data

        static func json(_ text: String, status: Int = 200) -> Answer {
            Answer(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }

        static func html(_ text: String, status: Int = 200) -> Answer {
            Answer(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(text.utf8))
        }

        static func empty(_ status: Int) -> Answer {
            Answer(status: status, headers: [:], body: Data())
        }
    }

    private let recorded = Mutex<[HTTPClientRequest]>([])
    private let reply: @Sendable (HTTPClientRequest) throws -> Answer

    init(reply: @escaping @Sendable (HTTPClientRequest) throws -> Answer) {
        self.reply = reply
    }

    /// Answers every request the same way.
    convenience init(_ answer: Answer) {
        self.init { _ in answer }
    }

    /// Answers requests in order, one answer each.
    convenience init(sequence answers: [Answer]) {
        let index = Mutex(0)
        self.init { _ in
            let next = index.withLock { value -> Int in
                defer { value += 1 }
                return value
            }
            guard next < answers.count else { throw StubError.unexpectedRequest }
            return answers[next]
        }
    }

    var requests: [HTTPClientRequest] { recorded.withLock { $0 } }

    var transport: HTTPTransport {
        HTTPTransport { [self] request in
            recorded.withLock { $0.append(request) }
            let answer = try reply(request)
            return HTTPClientResponse(status: answer.status, headers: answer.headers.map { HTTPHeaderField(name: $0.key, value: $0.value) },
                                      body: answer.body)
        }
    }

    func client(_ config: ServerConfig = .stub, timeout: TimeInterval = 30) -> LinkdingClient {
        LinkdingClient(config: config, timeout: timeout, transport: transport)
    }
}

enum StubError: Error { case unexpectedRequest }

extension ServerConfig {
    /// A server behind a prefix on a non-default port.
    static let stub = ServerConfig(host: "links.example.com", port: 8443, path: "/linkding", token: "0123456789abcdef", useHTTPS: true)
}

/// Runs `body` and returns the `BookmarkSourceError` it threw (nil when it threw none or another error).
func sourceError(_ body: () async throws -> Void) async -> BookmarkSourceError? {
    do {
        try await body()
        return nil
    } catch let error as BookmarkSourceError {
        return error
    } catch {
        return nil
    }
}

/// A bookmark as linkding 1.46.2 serialises it, with a chosen id and dates.
func bookmarkJSON(id: Int, url: String = "https://example.com/", added: String = "2024-01-15T10:30:00Z",
                  modified: String = "2024-01-15T10:30:00Z", tags: String = "[]") -> String {
    """
    {"id":\(id),"url":"\(url)","title":"Title \(id)","description":"","notes":"","web_archive_snapshot_url":"",\
    "favicon_url":null,"preview_image_url":null,"is_archived":false,"unread":true,"shared":false,"tag_names":\(tags),\
    "date_added":"\(added)","date_modified":"\(modified)","website_title":null,"website_description":null}
    """
}
