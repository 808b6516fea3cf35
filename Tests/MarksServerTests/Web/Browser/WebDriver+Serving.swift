import Foundation
import HTTPServer
import MarksTestSupport

extension WebDriver {
    /// Serves `web` on 127.0.0.1 (port 0), starts one headless browser, runs `body` with the browser and the
    /// server's base URL, and always quits the browser and stops the server afterwards.
    static func serving<T>(_ web: WebHarness, arguments: [String] = [], _ body: (WebDriver, String) async throws -> T) async throws -> T {
        var router = Router()
        web.app.register(on: &router)
        let server = try LiveServer(serving: router)
        let base = "http://127.0.0.1:\(server.port)"
        let browser: WebDriver
        do {
            browser = try await WebDriver(arguments: arguments)
        } catch {
            await server.stop()
            throw error
        }
        do {
            let result = try await body(browser, base)
            await browser.quit()
            await server.stop()
            return result
        } catch {
            await browser.quit()
            await server.stop()
            throw error
        }
    }
}
