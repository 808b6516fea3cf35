import MarksCore
import Testing

@Suite struct ServerAddressTests {
    @Test(arguments: [
        ("https://links.example.com:9090/linkding/", ServerAddress(host: "links.example.com", port: 9090, path: "/linkding", useHTTPS: true)),
        ("https://links.example.com/linkding/api/", ServerAddress(host: "links.example.com", path: "/linkding", useHTTPS: true)),
        ("https://links.example.com/api/bookmarks/?q=x", ServerAddress(host: "links.example.com", path: "", useHTTPS: true)),
        ("http://192.168.1.4:9090", ServerAddress(host: "192.168.1.4", port: 9090, useHTTPS: false)),
        ("HTTP://Links.Example.com/", ServerAddress(host: "Links.Example.com", useHTTPS: false)),
        ("links.example.com:9090", ServerAddress(host: "links.example.com", port: 9090)),
        ("links.example.com/a/b/", ServerAddress(host: "links.example.com", path: "/a/b")),
        ("http://[::1]:9090/", ServerAddress(host: "[::1]", port: 9090, useHTTPS: false)),
        ("links.example.com", ServerAddress(host: "links.example.com")),
    ])
    func pastedAddressesAreSplit(text: String, expected: ServerAddress) {
        #expect(ServerAddress.parse(text) == expected)
    }

    @Test(arguments: ["", "ftp://links.example.com", "https://", "https://links.example.com:0/", "https://links.example.com:70000/",
                      "links example", "https://links.example.com:/"])
    func whatIsNotAnAddressIsRefused(text: String) {
        #expect(ServerAddress.parse(text) == nil)
    }

    @Test func onlyMoreThanAHostNeedsSplitting() {
        #expect(!ServerAddress.needsSplitting("links.example.com"))
        #expect(ServerAddress.needsSplitting("links.example.com:9090"))
        #expect(ServerAddress.needsSplitting("https://links.example.com"))
        #expect(ServerAddress.needsSplitting("links.example.com/ld"))
        #expect(!ServerAddress.needsSplitting("[::1]"))
        #expect(ServerAddress.needsSplitting("[::1]:9090"))
    }
}
