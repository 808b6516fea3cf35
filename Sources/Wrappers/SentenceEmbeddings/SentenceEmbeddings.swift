// SentenceEmbeddings: placeholder until the wrapper lands.
