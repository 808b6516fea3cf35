import Foundation
import MarksFetch
import MarksServer
import MarksTestSupport
import Testing

/// `serve.json`: a server that stops removes the record only when it wrote it, so a slow stop does not erase the
/// record of a server started on the same data directory (and the same port) meanwhile.
@Suite struct ListenAddressFileTests {
    @Test func aStoppingServerLeavesTheRecordOfTheServerThatReplacedIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let address = ListenAddress(host: "127.0.0.1", port: 8080)
        try address.save(in: directory.url, pid: 100)
        try address.save(in: directory.url, pid: 200)  // the new server, same port

        try ListenAddress.remove(from: directory.url, writtenBy: 100, address: address)
        #expect(try ListenAddress.load(from: directory.url) == address, "the old server's stop keeps the new record")

        try ListenAddress.remove(from: directory.url, writtenBy: 200, address: address)
        #expect(try ListenAddress.load(from: directory.url) == nil)
        try ListenAddress.remove(from: directory.url, writtenBy: 200, address: address)  // nothing left: no error
    }

    @Test func aRecordWithoutAProcessIdIsRemovedByTheServerAtItsAddress() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("serve.json", #"{"host":"127.0.0.1","port":8080}"#)
        let address = ListenAddress(host: "127.0.0.1", port: 8080)
        #expect(try ListenAddress.load(from: directory.url) == address)

        try ListenAddress.remove(from: directory.url, writtenBy: 1, address: ListenAddress(host: "127.0.0.1", port: 9090))
        #expect(try ListenAddress.load(from: directory.url) == address, "another address: not this server's record")
        try ListenAddress.remove(from: directory.url, writtenBy: 1, address: address)
        #expect(try ListenAddress.load(from: directory.url) == nil)
    }

    @Test func aDamagedRecordIsAnErrorNotAnAddress() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        try directory.write("serve.json", "{\"host\": 12")
        #expect(throws: (any Error).self) { try ListenAddress.load(from: directory.url) }
    }
}
