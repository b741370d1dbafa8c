import EventLog

extension SQLiteEventLog {
    /// Events from sequence `from` on: first those already stored, then live as they are
    /// appended — by this process or another one (polled every `pollInterval`).
    ///
    /// The stream ends when the consuming task is cancelled, or with an error.
    public func subscribe(from: Int64 = 1, batchSize: Int = 1_000, pollInterval: Duration = .milliseconds(20)) -> AsyncThrowingStream<RecordedEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                var next = from
                do {
                    while !Task.isCancelled {
                        var delivered = 0
                        try self.forEach(EventQuery(from: next, limit: batchSize)) { event in
                            continuation.yield(event)
                            next = event.sequence + 1
                            delivered += 1
                        }
                        if delivered == 0 { try await Task.sleep(for: pollInterval) }
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
