import MarksEngine

/// An embedder that returns vectors of the wrong shape, to check the engine refuses them.
struct BrokenEmbedder: TextEmbedder {
    enum Fault: Sendable { case wrongCount, wrongDimension, notFinite }
    let fault: Fault
    let dimension = 8

    func embed(_ texts: [String]) throws -> [[Float]] {
        switch fault {
        case .wrongCount: return []
        case .wrongDimension: return texts.map { _ in [1, 0, 0] }
        case .notFinite: return texts.map { _ in [Float](repeating: .nan, count: 8) }
        }
    }
}
