import EventLog

/// Checks that a stream's events, read whole, follow each other position by position (from
/// position 1 when read from the start of the log): a missing event is corruption, not a
/// shorter stream. A read of some types only skips positions, and is not checked.
struct StreamPositions {
    private var expected: Int64?
    private let checked: Bool

    init(from sequence: Int64, checked: Bool) {
        expected = sequence <= 1 ? 1 : nil
        self.checked = checked
    }

    /// - Throws: ``EventLogError`` with `.corrupt` when `event` is not at the next position.
    mutating func check(_ event: RecordedEvent, in stream: String) throws {
        guard checked else { return }
        if let expected, event.position != expected {
            throw EventLogError(
                .corrupt(sequence: event.sequence),
                "stream '\(stream)': event \(event.sequence) is at position \(event.position), where \(expected) was expected (an event of the stream is missing or out of order; run verify)"
            )
        }
        expected = event.position + 1
    }
}
