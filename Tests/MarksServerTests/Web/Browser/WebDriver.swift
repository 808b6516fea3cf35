import MarksTestSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny W3C WebDriver client: starts `chromedriver` on a free port as a child process, opens one headless
/// Chromium session with its own profile dir, and speaks JSON over HTTP. Used from one task at a time.
final class WebDriver {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// An element reference.
    struct Element {
        let id: String
    }

    static let chromium = "/usr/bin/chromium"
    static let chromedriver = "/usr/bin/chromedriver"

    /// Whether both programs are installed.
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: chromium) && FileManager.default.isExecutableFile(atPath: chromedriver)
    }

    private let process = Process()
    private let port: Int
    private let profile: URL
    private var session = ""

    /// Extra Chromium switches for this session (the podcast test lets audio play without a gesture, muted).
    private let extraArguments: [String]

    init(arguments: [String] = []) async throws {
        extraArguments = arguments
        port = try Self.freePort()
        profile = TemporaryDirectory.reserve(prefix: "marks-chromium")
        process.executableURL = URL(fileURLWithPath: Self.chromedriver)
        process.arguments = ["--port=\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ChildProcess.launch(process)
        do {
            try await startSession()
        } catch {
            for pid in Self.processes(mentioning: profile.path) { kill(pid, SIGKILL) }
            kill(process.processIdentifier, SIGKILL)
            throw error
        }
    }

    private func startSession() async throws {
        try await waitUntilReady()
        let capabilities: [String: Any] = ["capabilities": ["alwaysMatch": [
            "browserName": "chrome",
            "goog:chromeOptions": ["binary": Self.chromium,
                                   "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--user-data-dir=\(profile.path)", "--window-size=1100,900", "--hide-scrollbars",
                                            "--no-first-run", "--disable-extensions", "--lang=en-US"] + extraArguments],
        ] as [String: Any]]]
        let value = try await command("POST", "/session", capabilities, sessionless: true)
        guard let id = (value as? [String: Any])?["sessionId"] as? String else { throw Failure(description: "no session id: \(value)") }
        session = id
    }

    /// Ends the session (which closes Chromium), stops chromedriver and removes the profile.
    /// chromedriver inherits a blocked-signal mask from the test runner's thread, so SIGTERM does not
    /// reach it: it gets SIGKILL, as does any Chromium process of this profile that is still alive.
    func quit() async {
        if !session.isEmpty {
            do { _ = try await command("DELETE", "", nil) } catch { /* killed below anyway */ }
        }
        for pid in Self.processes(mentioning: profile.path) { kill(pid, SIGKILL) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        await eventually(within: .seconds(5)) { !process.isRunning }
        do { try FileManager.default.removeItem(at: profile) } catch { /* a temp dir may stay behind */ }
    }

    /// Ids of processes whose command line contains `text` (Chromium's processes carry the profile dir).
    private static func processes(mentioning text: String) -> [pid_t] {
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: "/proc")
        } catch {
            return []
        }
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self).contains(text) ? pid : nil
        }
    }

    // MARK: Commands

    func open(_ url: String) async throws {
        _ = try await command("POST", "/url", ["url": url])
    }

    var currentURL: String {
        get async throws { try await command("GET", "/url", nil) as? String ?? "" }
    }

    func find(_ css: String) async throws -> Element {
        let value = try await command("POST", "/element", ["using": "css selector", "value": css])
        guard let id = (value as? [String: Any])?.first(where: { $0.key.hasPrefix("element-") })?.value as? String else {
            throw Failure(description: "no element for \(css)")
        }
        return Element(id: id)
    }

    func findAll(_ css: String) async throws -> [Element] {
        let value = try await command("POST", "/elements", ["using": "css selector", "value": css])
        return (value as? [[String: Any]] ?? []).compactMap { item in
            (item.first { $0.key.hasPrefix("element-") }?.value as? String).map(Element.init)
        }
    }

    /// Clicks `element` after scrolling it to the middle of the window, as a person would, so a toast or the bottom bar
    /// at the window's edge does not take the click.
    /// An element not yet interactable (still hidden, animating in, or under a toast on a loaded machine) is
    /// waited for, up to 30 s; any other error is thrown at once.
    func click(_ element: Element) async throws {
        var refusal: Failure?
        let clicked = try await eventually(within: .seconds(30), every: .milliseconds(50)) {
            _ = try await run("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})",
                              [["element-6066-11e4-a52e-4f735466cecf": element.id]])
            do {
                _ = try await command("POST", "/element/\(element.id)/click", [:])
                return true
            } catch let failure as Failure
                where failure.description.hasPrefix("element not interactable") || failure.description.hasPrefix("element click intercepted") {
                refusal = failure
                return false
            }
        }
        if !clicked, let refusal { throw refusal }
    }

    func click(_ css: String) async throws {
        try await click(try await find(css))
    }

    /// Taps `css` with a finger (a touch pointer through WebDriver actions, so the page sees touch events, not a mouse),
    /// after scrolling it to the middle of the window.
    func tap(_ css: String) async throws {
        let element = try await find(css)
        let reference = ["element-6066-11e4-a52e-4f735466cecf": element.id]
        _ = try await run("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", [reference])
        let finger: [String: Any] = ["type": "pointer", "id": "finger", "parameters": ["pointerType": "touch"], "actions": [
            ["type": "pointerMove", "origin": reference, "x": 0, "y": 0, "duration": 0],
            ["type": "pointerDown", "button": 0], ["type": "pause", "duration": 50], ["type": "pointerUp", "button": 0],
        ] as [[String: Any]]]
        _ = try await command("POST", "/actions", ["actions": [finger]])
        _ = try await command("DELETE", "/actions", nil)
    }

    func type(_ text: String, into css: String, clear: Bool = true) async throws {
        let element = try await find(css)
        if clear { _ = try await command("POST", "/element/\(element.id)/clear", [:]) }
        _ = try await command("POST", "/element/\(element.id)/value", ["text": text])
    }

    /// Sends keys to the focused element (or the page).
    func keys(_ text: String) async throws {
        let actions: [[String: Any]] = text.map { ["type": "keyDown", "value": String($0)] } + text.map { ["type": "keyUp", "value": String($0)] }
        let ordered = zip(actions.prefix(text.count), actions.suffix(text.count)).flatMap { [$0, $1] }
        _ = try await command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": ordered]]])
    }

    /// Presses each of `keys` (WebDriver key codes, e.g. "\u{E014}" for ArrowRight) while `modifier` ("\u{E008}": Shift) is held.
    func keys(holding modifier: String, _ keys: String) async throws {
        var ordered: [[String: Any]] = [["type": "keyDown", "value": modifier]]
        for key in keys { ordered += [["type": "keyDown", "value": String(key)], ["type": "keyUp", "value": String(key)]] }
        ordered.append(["type": "keyUp", "value": modifier])
        _ = try await command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": ordered]]])
    }

    func text(_ css: String) async throws -> String {
        try await read(css, "text") as? String ?? ""
    }

    func property(_ css: String, _ name: String) async throws -> Any? {
        try await read(css, "property/\(name)")
    }

    /// `GET /element/<id>/<what>` of the element `css` finds. A page that replaced that element between the find and
    /// the read (a list swapped in place after an action, sooner or later under load) makes the reference stale: then
    /// `css` is found again and read once more, so the answer is about what `css` names now.
    private func read(_ css: String, _ what: String) async throws -> Any? {
        do {
            return try await command("GET", "/element/\(try await find(css).id)/\(what)", nil)
        } catch let failure as Failure where failure.description.contains("stale element reference") {
            return try await command("GET", "/element/\(try await find(css).id)/\(what)", nil)
        }
    }

    func run(_ script: String, _ arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "/execute/sync", ["script": script, "args": arguments])
    }

    func back() async throws {
        _ = try await command("POST", "/back", [:])
    }

    /// The text of an open alert, nil when there is none.
    func alertText() async throws -> String? {
        do {
            return try await command("GET", "/alert/text", nil) as? String
        } catch let failure as Failure where failure.description.contains("no such alert") {
            return nil
        }
    }

    /// The value of the cookie `name` of the current page's site (HttpOnly ones too), nil when there is none.
    func cookie(_ name: String) async throws -> String? {
        let all = try await command("GET", "/cookie", nil) as? [[String: Any]] ?? []
        return all.first { $0["name"] as? String == name }?["value"] as? String
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        guard let text = try await command("GET", "/screenshot", nil) as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    /// Resizes the window (a phone-sized one shows the bottom tab bar).
    func resize(width: Int, height: Int) async throws {
        _ = try await command("POST", "/window/rect", ["width": width, "height": height])
    }

    /// Makes the page's viewport exactly `width`×`height` CSS pixels (a window's size includes the browser's own frame).
    func emulateViewport(width: Int, height: Int, mobile: Bool = false) async throws {
        _ = try await command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setDeviceMetricsOverride",
                                                             "params": ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile]])
    }

    /// Emulates `prefers-color-scheme` through the DevTools protocol.
    func emulateColorScheme(_ scheme: String) async throws {
        _ = try await command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setEmulatedMedia",
                                                             "params": ["features": [["name": "prefers-color-scheme", "value": scheme]]]])
    }

    /// Turns the page's scripts off (or back on) through the DevTools protocol, to use the app as a browser without
    /// JavaScript does; it holds for the pages opened afterwards.
    func disableScripts(_ disabled: Bool) async throws {
        _ = try await command("POST", "/goog/cdp/execute", ["cmd": "Emulation.setScriptExecutionDisabled", "params": ["value": disabled]])
    }

    /// Polls `condition` until it holds or `timeout` passes (waiting on the browser, not sleeping for a fixed
    /// time). WebDriver errors while polling (an element replaced by a navigation) count as "not yet".
    func wait(_ what: String, timeout: Double = 30, _ condition: () async throws -> Bool) async throws {
        var last = ""
        let held = try await eventually(within: .seconds(timeout), every: .milliseconds(50)) {
            do {
                return try await condition()
            } catch let failure as Failure {
                last = " (last: \(failure.description.prefix(200)))"
                return false
            }
        }
        if held { return }
        throw Failure(description: "timed out waiting for \(what)\(last)")
    }

    // MARK: Wire

    private func command(_ method: String, _ path: String, _ body: [String: Any]?, sessionless: Bool = false) async throws -> Any? {
        let prefix = sessionless ? "" : "/session/\(session)"
        let payload = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let data = try await send(method, prefix + path, payload)
        let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        let value = json?["value"]
        if let object = value as? [String: Any], let error = object["error"] as? String {
            throw Failure(description: "\(error): \(object["message"] as? String ?? "") (\(method) \(path))")
        }
        return value is NSNull ? nil : value
    }

    /// One request to chromedriver over `RawConnection` (FoundationNetworking cannot read its answers: it writes
    /// `Content-Length:250` without a space, and libcurl's header callback in Foundation fails with "Failed writing
    /// header"). The timeout is a hang guard: a navigation waits for its page, and on two shared cores a page once
    /// took longer than a minute.
    private func send(_ method: String, _ path: String, _ body: Data?, timeout: Duration = .seconds(120)) async throws -> Data {
        let payload = body ?? Data()
        let head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
            + "Content-Type: application/json; charset=utf-8\r\nContent-Length: \(payload.count)\r\n\r\n"
        return Data(try await RawConnection.exchange(port: port, Array(head.utf8) + [UInt8](payload), timeout: timeout).body)
    }

    private func waitUntilReady() async throws {
        let ready = await eventually(within: .seconds(20), every: .milliseconds(50)) {
            do {
                let data = try await send("GET", "/status", nil, timeout: .seconds(5))
                return String(decoding: data, as: UTF8.self).contains("\"ready\":true")
            } catch {
                return false  // not listening yet
            }
        }
        if ready { return }
        throw Failure(description: "chromedriver did not start on port \(port)")
    }

    /// A TCP port nothing listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0 else { throw Failure(description: "bind failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
