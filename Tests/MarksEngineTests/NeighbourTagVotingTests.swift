import Testing
@testable import MarksEngine

@Suite struct NeighbourTagVotingTests {
    typealias Neighbour = NeighbourTagVoting.Neighbour

    @Test func votesAreWeightedBySimilarity() {
        var voting = NeighbourTagVoting()
        voting.floor = 0
        let votes = voting.votes([
            Neighbour(tags: ["rust", "compilers"], similarity: 0.9),
            Neighbour(tags: ["rust"], similarity: 0.8),
            Neighbour(tags: ["python"], similarity: 0.4),
        ])
        #expect(votes.map(\.tag) == ["rust", "compilers", "python"])
        #expect(abs((votes.first?.score ?? 0) - 1.7 / 2.1) < 1e-6)
    }

    @Test func nothingUnderTheFloorAndNoNeighbourTooFarVotes() {
        var voting = NeighbourTagVoting()
        voting.floor = 0.3
        let votes = voting.votes([
            Neighbour(tags: ["rust"], similarity: 0.9),
            Neighbour(tags: ["rust"], similarity: 0.9),
            Neighbour(tags: ["stray"], similarity: 0.5),  // 0.5 / 2.3 < 0.3
            Neighbour(tags: ["far"], similarity: 0.1),     // under the similarity minimum: no vote at all
        ])
        #expect(votes.map(\.tag) == ["rust"])
        #expect(voting.votes([Neighbour(tags: ["c++", "python", "linux"], similarity: 0.12)]).isEmpty)
    }

    @Test func neverAnExistingTagNorAGenericWordAndAtMostFive() {
        let votes = NeighbourTagVoting().votes([
            Neighbour(tags: ["Rust", "overview", "weekend", "rewrote", "a", "b1", "b2", "b3", "b4", "b5", "b6"], similarity: 0.8),
        ], excluding: ["rust"])
        #expect(votes.count == 5)
        #expect(!votes.contains { ["rust", "overview", "weekend", "rewrote", "a"].contains($0.tag.lowercased()) })
    }

    @Test func spelledAsMostOfTheNeighboursSpellIt() {
        let votes = NeighbourTagVoting().votes([
            Neighbour(tags: ["iOS"], similarity: 0.9),
            Neighbour(tags: ["ios"], similarity: 0.5),
            Neighbour(tags: ["iOS"], similarity: 0.5),
        ])
        #expect(votes.map(\.tag) == ["iOS"])
    }

    @Test(arguments: ["overview", "rewrote", "weekend", "weekend-reading", "misc", "Primer", "2024", "read-later"])
    func genericTags(_ tag: String) {
        #expect(GenericTags.isGeneric(tag))
    }

    @Test(arguments: ["c", "c++", "c#", "machine-learning", "quantum-computing", "rust", "cooking", "python3"])
    func topicalTags(_ tag: String) {
        #expect(!GenericTags.isGeneric(tag))
    }
}
