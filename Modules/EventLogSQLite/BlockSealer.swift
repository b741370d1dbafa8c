import EventLog

/// Encodes prepared rows as one ``EventBlock`` each and keeps its stored bytes (compressed
/// against the writer's newest payload dictionary where that shrinks them) in place until the
/// sealer is released: the writer binds them to its statement without copying.
final class BlockSealer {
    private let compressor: PayloadCompressor?
    private var encoder = EventBlockEncoder()
    /// Memory the stored blocks are in; the last chunk is being filled from `used`.
    private var chunks: [UnsafeMutableRawBufferPointer] = []
    private var used = 0

    /// The first chunk's size; each next one is twice the last, up to ``maxChunkBytes``, so a
    /// batch of one event takes a few kilobytes and a large one a few chunks.
    static let firstChunkBytes = 16 << 10
    static let maxChunkBytes = 1 << 20

    init(compressor: PayloadCompressor?) {
        self.compressor = compressor
    }

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Stores `rows` (of the batch whose envelopes are `entries` and payload bytes `payloads`)
    /// as one block, described on its first row.
    func seal(_ rows: UnsafeMutableBufferPointer<PreparedBatch.Row>, entries: UnsafeBufferPointer<EventBatch.Entry>, payloads: UnsafeRawBufferPointer) {
        encoder.reset()
        for row in rows {
            let entry = entries.baseAddress! + row.entry
            encoder.append(
                stream: row.streamID, position: row.position, type: row.typeID, schemaVersion: entry.pointee.schemaVersion,
                recordedAt: row.recordedAt, correlationID: entry.pointee.correlationID, causationID: entry.pointee.causationID,
                idempotencyKey: entry.pointee.idempotencyKey, payload: entry.payload(in: payloads)
            )
        }
        encoder.bytes.withUnsafeBytes { bytes in
            let room = reserve(compressor.map { _ in PayloadCompressor.bound(bytes.count) } ?? bytes.count)
            if let compressor, let size = compressor.compress(block: bytes, into: room) {
                rows[0].block = UnsafeRawBufferPointer(rebasing: room[..<size])
                rows[0].dictionaryID = compressor.dictionaryID
            } else {
                room.copyMemory(from: bytes)
                rows[0].block = UnsafeRawBufferPointer(rebasing: room[..<bytes.count])
                rows[0].dictionaryID = 0
            }
            used += rows[0].block!.count
        }
        rows[0].blockEvents = rows.count
    }

    /// Room for `count` bytes after what is stored, in place until the sealer is released.
    private func reserve(_ count: Int) -> UnsafeMutableRawBufferPointer {
        if chunks.last.map({ $0.count - used < count }) ?? true {
            let size = chunks.last.map { min($0.count * 2, Self.maxChunkBytes) } ?? Self.firstChunkBytes
            chunks.append(.allocate(byteCount: max(size, count), alignment: 1))
            used = 0
        }
        return UnsafeMutableRawBufferPointer(rebasing: chunks[chunks.count - 1][used..<used + count])
    }
}
