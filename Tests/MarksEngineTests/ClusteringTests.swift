import Testing
@testable import MarksEngine

@Suite struct ClusteringTests {
    /// Two tight groups around the x and y axes, and one point near z.
    let vectors: [[Float]] = [
        [1, 0.1, 0], [1, -0.1, 0], [1, 0, 0.1], [0.1, 1, 0], [-0.1, 1, 0], [0, 1, 0.1], [0.2, 0.2, 1],
    ].map(Vectors.normalized)

    @Test(arguments: [AgglomerativeClustering.Linkage.average, .ward])
    func cutsTheHistoryIntoTheRightGroups(linkage: AgglomerativeClustering.Linkage) {
        let tree = AgglomerativeClustering(similarity: Vectors.similarityMatrix(vectors), count: vectors.count, linkage: linkage)
        #expect(tree.merges.count == vectors.count - 1)
        #expect(tree.labels(clusters: 3) == [0, 0, 0, 1, 1, 1, 2])
        #expect(tree.labels(clusters: 1) == [0, 0, 0, 0, 0, 0, 0])
        #expect(tree.labels(clusters: 7) == [0, 1, 2, 3, 4, 5, 6])
        #expect(tree.labels(clusters: 99) == tree.labels(clusters: 7))
    }

    @Test func silhouetteIsHighestForTheTrueGrouping() {
        let similarity = Vectors.similarityMatrix(vectors)
        let right = Silhouette.mean(labels: [0, 0, 0, 1, 1, 1, 2], similarity: similarity)
        let wrong = Silhouette.mean(labels: [0, 1, 0, 1, 0, 1, 0], similarity: similarity)
        #expect(right > 0.5)
        #expect(wrong < right)
        #expect(Silhouette.mean(labels: [0, 0, 0, 0, 0, 0, 0], similarity: similarity) == 0)
    }

    @Test func kMeansRefinementMovesMisplacedItems() {
        let refined = KMeansRefinement.refine(labels: [0, 0, 1, 1, 1, 1, 1], vectors: Array(vectors.prefix(6)) + [vectors[0]], dimension: 3)
        #expect(refined == [0, 0, 0, 1, 1, 1, 0])
        #expect(KMeansRefinement.renumbered([5, 5, 2, 9, 2]) == [0, 0, 1, 2, 1])
    }

    @Test func degenerateInputs() {
        #expect(AgglomerativeClustering(similarity: [], count: 0, linkage: .ward).labels(clusters: 2).isEmpty)
        #expect(AgglomerativeClustering(similarity: [1], count: 1, linkage: .ward).labels(clusters: 2) == [0])
        #expect(AgglomerativeClustering(similarity: [1, 2, 3], count: 2, linkage: .ward).merges.isEmpty)
        #expect(Silhouette.mean(labels: [0], similarity: [1]) == 0)
    }
}
