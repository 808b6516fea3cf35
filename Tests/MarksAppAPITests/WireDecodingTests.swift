import Foundation
import MarksCore
import MarksEngine
import Testing
@testable import MarksAppAPI

@Suite struct WireDecodingTests {
    let limits = AppAPILimits()

    func decode<T: Decodable>(_ type: T.Type, _ json: String, limit: Int = 1 << 20) throws(AppAPIError) -> T {
        try WireDecoding.decode(T.self, from: Data(json.utf8), limit: limit)
    }

    func message<T: Decodable>(_ type: T.Type, _ json: String) -> String? {
        backendError { _ = try decode(T.self, json) }?.message
    }

    @Test func enrichBodiesDecode() throws {
        let body = try decode(EnrichBody.self, #"{"url":"https://a.example/","title":"T","text":null,"vocabulary":["x","y"]}"#)
        #expect(try body.validated(limits) == EnrichRequest(url: "https://a.example/", title: "T", vocabulary: ["x", "y"]))
    }

    @Test func searchBodiesDecodeInOrder() throws {
        let body = try decode(SearchBody.self, #"{"query":"q","bookmarks":[{"id":2,"title":"B","domain":"b.org"},{"id":1,"title":"A","domain":"a.org","summary":"s"}]}"#)
        #expect(body.items == [RankItem(id: 2, title: "B", domain: "b.org"), RankItem(id: 1, title: "A", domain: "a.org", summary: "s")])
    }

    @Test(arguments: ["notes", "text", "url", "description", "tags"])
    func searchRefusesFieldsBeyondTheBoundary(field: String) {
        let json = #"{"query":"q","bookmarks":[{"id":1,"title":"A","domain":"a.org"},{"id":2,"title":"B","domain":"b.org","\#(field)":"secret"}]}"#
        let text = message(SearchBody.self, json)
        #expect(text?.contains("bookmarks[1].\(field)") == true)
        #expect(text?.contains("never cross this boundary") == true)
        #expect(text?.contains("secret") == false)
    }

    @Test func collectionsRefuseNotes() {
        let json = #"{"bookmarks":[{"id":1,"title":"A","domain":"a.org","tags":["x"],"notes":"private"}]}"#
        #expect(message(CollectionsBody.self, json)?.contains("bookmarks[0].notes") == true)
    }

    @Test(arguments: [
        (#"{"url":"u","extra":1}"#, "Unknown field \"extra\""),
        (#"[]"#, "The body must be a JSON object."),
        (#""text""#, "The body must be a JSON object."),
        (#"{"title":"t"}"#, "Missing field \"url\"."),
        (#"{"url":5}"#, "Field \"url\" must be a string."),
        (#"{"url":"u","vocabulary":"a,b"}"#, "Field \"vocabulary\" must be a list"),
        (#"{"url":"u","vocabulary":[1]}"#, "Field \"vocabulary[0]\" must be a string."),
        (#"{"url":"#, "The body is not valid JSON."),
        ("\u{FEFF}garbage", "The body is not valid JSON."),
    ])
    func enrichErrorsNameTheField(json: String, expected: String) {
        let text = message(EnrichBody.self, json)
        #expect(text?.hasPrefix(expected) == true, "\(text ?? "no error")")
    }

    @Test func emptyAndOversizedBodiesAreRefused() {
        #expect(backendError { _ = try decode(EnrichBody.self, "  \n") } == .invalid("The body is empty; send a JSON object."))
        #expect(backendError { _ = try decode(EnrichBody.self, #"{"url":"u"}"#, limit: 5) } == .bodyTooLarge(limit: 5))
    }

    @Test func invalidUTF8AndDeepNestingAreRefusedWithoutCrashing() {
        #expect(backendError { _ = try WireDecoding.decode(EnrichBody.self, from: Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]), limit: 100) }?.status == 400)
        let deep = #"{"url":"u","vocabulary":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        #expect(backendError { _ = try decode(EnrichBody.self, deep, limit: 1 << 21) }?.status == 400)
    }

    @Test func idsMustBeIntegers() {
        for id in ["\"1\"", "true", "null", "{}"] {
            let json = #"{"query":"q","bookmarks":[{"id":\#(id),"title":"A","domain":"a"}]}"#
            #expect(message(SearchBody.self, json)?.contains("bookmarks[0].id") == true, "id \(id)")
        }
        for id in ["1.5", "1e40", "-1e400"] {  // Foundation reports these without a field path
            let json = #"{"query":"q","bookmarks":[{"id":\#(id),"title":"A","domain":"a"}]}"#
            #expect(backendError { _ = try decode(SearchBody.self, json) }?.status == 400, "id \(id)")
        }
    }

    @Test func listLengthsAreLimited() throws {
        func items(_ count: Int) -> String {
            (0..<count).map { #"{"id":\#($0),"title":"t\#($0)","domain":"d"}"# }.joined(separator: ",")
        }
        #expect(try decode(SearchBody.self, #"{"query":"q","bookmarks":[\#(items(200))]}"#).validated(limits).items.count == 200)
        #expect(backendError { _ = try decode(SearchBody.self, #"{"query":"q","bookmarks":[\#(items(201))]}"#).validated(limits) }
            == .invalid("bookmarks has 201 entries; at most 200 are accepted. Send fewer."))
        #expect(try decode(CollectionsBody.self, #"{"bookmarks":[\#(items(150))]}"#).validated(limits).count == 150)
        #expect(backendError { _ = try decode(CollectionsBody.self, #"{"bookmarks":[\#(items(151))]}"#).validated(limits) }?.status == 400)
    }

    @Test func stringLengthsAreLimited() throws {
        let longTitle = String(repeating: "é", count: 1025)  // 2050 bytes
        let search = try decode(SearchBody.self, #"{"query":"q","bookmarks":[{"id":1,"title":"\#(longTitle)","domain":"d"}]}"#)
        #expect(backendError { _ = try search.validated(limits) }
            == .invalid("bookmarks[0].title is 2050 bytes long; at most 2048 are accepted. Shorten it."))
        let blankQuery = try decode(SearchBody.self, #"{"query":"  ","bookmarks":[]}"#)
        #expect(backendError { _ = try blankQuery.validated(limits) } == .invalid("query is empty; give a value."))
        let manyTags = (0..<201).map { "\"t\($0)\"" }.joined(separator: ",")
        let collections = try decode(CollectionsBody.self, #"{"bookmarks":[{"id":1,"title":"A","domain":"d","tags":[\#(manyTags)]}]}"#)
        #expect(backendError { _ = try collections.validated(limits) }?.message.contains("bookmarks[0].tags") == true)
        let enrich = try decode(EnrichBody.self, #"{"url":"\#(String(repeating: "u", count: 2049))"}"#)
        #expect(backendError { _ = try enrich.validated(limits) }?.message.hasPrefix("url is 2049 bytes") == true)
    }

    @Test func analyticsBatchesDecode() throws {
        let batch = try decode(AnalyticsBatch.self, #"{"events":[{"name":"bookmark_added","at":"2026-01-15T10:30:00Z","properties":{"z":1,"a":"x","f":true,"n":null,"d":0.5}},{"name":"app.open","at":"2026-01-15T10:30:00+02:00"}]}"#)
        let events = try batch.validated(limits)
        #expect(events.count == 2)
        #expect(events[0].properties.map(\.0) == ["a", "d", "f", "n", "z"])
        #expect(events[0].properties.map(\.1) == [.string("x"), .double(0.5), .bool(true), .null, .int(1)])
        #expect(events[1].at == Date(timeIntervalSince1970: 1_768_465_800))
    }

    @Test(arguments: [
        (#"{"events":[{"name":"x","at":"yesterday"}]}"#, "events[0].at must be an ISO 8601"),
        (#"{"events":[{"name":"bad name","at":"2026-01-15T10:30:00Z"}]}"#, "events[0].name may hold only"),
        (#"{"events":[{"name":"","at":"2026-01-15T10:30:00Z"}]}"#, "events[0].name is empty"),
        (#"{"events":[{"name":"x","at":"2026-01-15T10:30:00Z","properties":{"p":{"nested":1}}}]}"#, "Field \"events[0].properties.p\" must be a string, number, boolean or null."),
        (#"{"events":[{"name":"x","at":"2026-01-15T10:30:00Z","properties":{"p":[1]}}]}"#, "Field \"events[0].properties.p\" must be a string"),
        (#"{"events":[{"name":"x","at":"2026-01-15T10:30:00Z","properties":[1]}]}"#, "Field \"events[0].properties\" must be a JSON object."),
        (#"{"events":[{"name":"x","at":"2026-01-15T10:30:00Z","user":"me"}]}"#, "Unknown field \"events[0].user\""),
    ])
    func badEventsAreRefused(json: String, expected: String) {
        let error = backendError { _ = try decode(AnalyticsBatch.self, json).validated(limits) }
        #expect(error?.message.hasPrefix(expected) == true, "\(error?.message ?? "no error")")
    }

    @Test func eventBatchLimits() throws {
        let event = #"{"name":"x","at":"2026-01-15T10:30:00Z"}"#
        let tooMany = "{\"events\":[" + Array(repeating: event, count: 101).joined(separator: ",") + "]}"
        #expect(backendError { _ = try decode(AnalyticsBatch.self, tooMany).validated(limits) }?.message.hasPrefix("events has 101") == true)
        let properties = (0..<33).map { "\"p\($0)\":1" }.joined(separator: ",")
        let wide = #"{"events":[{"name":"x","at":"2026-01-15T10:30:00Z","properties":{\#(properties)}}]}"#
        #expect(backendError { _ = try decode(AnalyticsBatch.self, wide).validated(limits) }?.status == 400)
        let longValue = String(repeating: "v", count: 1025)
        let long = #"{"events":[{"name":"x","at":"2026-01-15T10:30:00Z","properties":{"p":"\#(longValue)"}}]}"#
        #expect(backendError { _ = try decode(AnalyticsBatch.self, long).validated(limits) }?.status == 400)
    }
}
