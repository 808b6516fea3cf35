import SentenceEmbeddings

/// The real sentence-embedding model (all-MiniLM-L6-v2) as the engine's embedder.
extension EmbeddingModel: TextEmbedder {}
