extension WorkerPool {
    /// The process's one executor for CPU-heavy work: model inference (the sentence-embedding forward pass,
    /// which itself spreads a call's batches over the cores), clustering, summarising, semantic ranking and
    /// vector search. Two threads, so a short query is not stuck behind a long enrichment for long; every
    /// engine, indexer and search service defaults to it, so the bound holds for the whole process. Its
    /// threads start on first use and run at nice 10: when the cores are contended, the threads answering
    /// requests (`/healthz`, pages) win.
    public static let compute = WorkerPool(name: "compute", threads: 2, niceness: 10)
}
