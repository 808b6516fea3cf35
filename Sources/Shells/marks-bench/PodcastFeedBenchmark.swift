import Foundation
import HTTPServer
import MarksAssembly
import MarksCore
import MarksServer

/// The private podcast feed through its responder (no socket, so the figures are the feed's own work): the median
/// time of the 404 for a wrong secret beside the 404 for an unknown path with the right one — they should be the
/// same, so a client cannot tell a nearly right secret from a wrong one — and the time to render a 500-episode feed.
enum PodcastFeedBenchmark {
    static func run() async throws -> [String] {
        let directory = try BenchSupport.temporaryDirectory("feed")
        defer { try? FileManager.default.removeItem(at: directory) }  // safe: a temp dir left behind harms nothing
        let root = CompositionRoot(settings: Settings(dataDirectory: directory), context: ProcessContext(environment: [:]))
        let secrets = try root.podcastFeedSecrets()
        let secret = try secrets.secret()
        let audio = directory.appendingPathComponent("episode.mp3")
        try Data(repeating: 0xFF, count: 64_000).write(to: audio)
        let episodes = (0..<500).map { number in
            FeedEpisode(key: String(format: "%032x", number), title: "Episode \(number) & more", site: "example.com",
                        articleURL: "https://example.com/\(number)", sourceID: nil,
                        published: Date(timeIntervalSince1970: 1_764_000_000 + Double(number) * 3600), durationSeconds: 600, file: audio)
        }
        let feed = PodcastFeedResponder(secrets: secrets, episodes: .fixed(episodes))
        var wrong = Array(secret)
        wrong[wrong.count - 1] = wrong[wrong.count - 1] == "A" ? "B" : "A"  // one character off: the closest guess
        let requests = [
            try HTTPRequest(method: .get, target: "/feed/\(String(wrong))/podcast.xml", headers: ["Host": "127.0.0.1:8080"]),
            try HTTPRequest(method: .get, target: "/feed/\(secret)/nothing-here", headers: ["Host": "127.0.0.1:8080"]),
        ]
        var samples: [[Double]] = [[], []]
        for round in 0..<4_000 {
            for which in [round % 2, 1 - round % 2] {  // interleaved, alternating order
                let start = DispatchTime.now().uptimeNanoseconds
                let response = try await feed.respond(to: requests[which])
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
                guard response.status == 404 else { throw BenchSupport.Failure(description: "expected 404, got \(response.status)") }
                if round >= 200 { samples[which].append(elapsed) }  // the first rounds warm up
            }
        }
        let wrongMedian = BenchSupport.percentile(samples[0], 50), unknownMedian = BenchSupport.percentile(samples[1], 50)
        let whole = try HTTPRequest(method: .get, target: "/feed/\(secret)/podcast.xml", headers: ["Host": "127.0.0.1:8080"])
        var renders: [Double] = []
        var bytes = 0
        for _ in 0..<20 {
            let start = DispatchTime.now().uptimeNanoseconds
            let response = try await feed.respond(to: whole)
            renders.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            bytes = Int(response.body.count)
        }
        return [
            String(format: "404 with a secret one character off: median %.1f µs; 404 for an unknown path with the secret: median %.1f µs (ratio %.2f)",
                   wrongMedian, unknownMedian, wrongMedian / unknownMedian),
            String(format: "podcast.xml with 500 episodes: median %.1f ms (%d KB)", BenchSupport.percentile(renders, 50), bytes / 1024),
        ]
    }
}
