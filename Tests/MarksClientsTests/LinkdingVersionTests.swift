import Testing
import MarksClients

@Suite struct LinkdingVersionTests {
    @Test(arguments: [("1.46.2", "1.19.0", true), ("1.19.0", "1.19.0", true), ("1.19", "1.19.0", true),
                      ("1.18.9", "1.19.0", false), ("1.9.0", "1.19.0", false), ("v2.0.0", "1.19.0", true),
                      ("1.20.0-beta.1", "1.19.0", true), ("1.19.0-rc1", "1.19.1", false)])
    func compares(found: String, minimum: String, atLeast: Bool) throws {
        let a = try #require(LinkdingVersion(found))
        let b = try #require(LinkdingVersion(minimum))
        #expect((a >= b) == atLeast)
    }

    @Test(arguments: ["", "banana", "v", ".1.2", "-1"])
    func refusesNonVersions(text: String) {
        #expect(LinkdingVersion(text) == nil)
    }
}
