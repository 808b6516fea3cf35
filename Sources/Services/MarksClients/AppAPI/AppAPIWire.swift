import Foundation
import MarksCore

/// The `/v1/` JSON as `AppAPIClient` sends and reads it (docs/BACKEND_API.md).
enum AppAPIWire {
    struct Register: Encodable {
        let deviceID: String
        let platform: String
        let appVersion: String

        enum CodingKeys: String, CodingKey {
            case deviceID = "device_id"
            case platform
            case appVersion = "app_version"
        }
    }

    struct Registered: Decodable {
        let token: String
        let expiresAt: String

        enum CodingKeys: String, CodingKey {
            case token
            case expiresAt = "expires_at"
        }
    }

    struct Search: Encodable {
        let query: String
        let bookmarks: [RankItem]
    }

    struct Collections: Encodable {
        let bookmarks: [CollectionItem]
    }

    struct Enriched: Decodable {
        let summary: String
        let tags: [String]
        let engine: String
        let fallbackReason: String?

        enum CodingKeys: String, CodingKey {
            case summary, tags, engine
            case fallbackReason = "fallback_reason"
        }
    }

    struct Ranked: Decodable {
        let results: [RankedID]
        let engine: String
        let fallbackReason: String?

        enum CodingKeys: String, CodingKey {
            case results, engine
            case fallbackReason = "fallback_reason"
        }
    }

    struct Grouped: Decodable {
        let collections: [SmartCollection]
        let engine: String
        let fallbackReason: String?

        enum CodingKeys: String, CodingKey {
            case collections, engine
            case fallbackReason = "fallback_reason"
        }
    }

    struct ErrorBody: Decodable {
        let error: String
    }
}
