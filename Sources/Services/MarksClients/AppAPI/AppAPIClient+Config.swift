import Foundation
import MarksCore

extension AppAPIClient.Configuration {
    /// The remote backend the configuration names (`backend_url`, http or https), with the device
    /// credentials kept in `dataDirectory`; nil when no remote backend is configured.
    public init?(config: MarksConfig, dataDirectory: URL, appVersion: String) {
        guard let backend = config.backendURL, let url = URL(string: backend),
              url.scheme == "http" || url.scheme == "https" else { return nil }
        self.init(baseURL: url, credentialsFile: dataDirectory.appendingPathComponent("backend-device.json"), appVersion: appVersion,
                  registrationSecret: config.registrationSecret, analyticsEnabled: config.analyticsEnabled)
    }
}
