import EventLog
import PlatformKit

/// The outcomes of a driver's most recent idempotency keys, oldest first, by window key.
///
/// Held as a snapshot writes them, the entries of a keyed container (per answer: its key's
/// length and UTF-8, then its outcome's length and encoding), so that a snapshot's window loads
/// by checking and keeping those bytes instead of decoding each answer (50 000 drivers' windows
/// are 3 200 000 answers). A key is found by a scan, as a window is small; an outcome is decoded
/// when it is asked for. Keys are compared by their UTF-8 bytes, as opaque tokens.
public struct AnswerWindow: Sendable, Equatable {
    /// The answers' entries, oldest first, from `start`: the bytes before it are answers dropped,
    /// cleared when the buffer would otherwise grow.
    private var buffer: [UInt8] = []
    private var start = 0
    public private(set) var count = 0

    /// The entries of the answers held.
    private var entries: ArraySlice<UInt8> { buffer[start...] }

    public static func == (lhs: AnswerWindow, rhs: AnswerWindow) -> Bool {
        lhs.count == rhs.count && lhs.entries == rhs.entries
    }

    public init() {}

    public var isEmpty: Bool { count == 0 }

    /// The keys, oldest first.
    public var keys: [String] {
        var keys: [String] = []
        keys.reserveCapacity(count)
        forAllEntries { key, _, _ in keys.append(String(decoding: key, as: UTF8.self)) }
        return keys
    }

    /// The keys and their outcomes, oldest first.
    public func answers() throws -> [(key: String, outcome: TripServiceState.Outcome)] {
        var answers: [(key: String, outcome: TripServiceState.Outcome)] = []
        var failure: (any Error)?
        forAllEntries { key, value, _ in
            do {
                answers.append((String(decoding: key, as: UTF8.self), try Self.outcome(value)))
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return answers
    }

    /// The outcome of `key`, if the window holds it.
    public subscript(key: String) -> TripServiceState.Outcome? {
        key.withUTF8InPlace { key in
            entry(key).flatMap { range in buffer[range].withUnsafeBufferPointer { try? Self.outcome($0) } }
        }
    }

    /// Sets the outcome of `key`: in its place if the window holds it, else as the newest, the
    /// oldest then dropped beyond `limit`.
    mutating func set(_ outcome: TripServiceState.Outcome, for key: String, limit: Int) {
        let encoded = BinaryKeyedWriter.bytes(of: outcome)
        key.withUTF8InPlace { key in
            if let value = entry(key) {
                buffer.replaceSubrange(value, with: encoded)
                let length = (value.lowerBound - LEB128.size(of: UInt(value.count)))..<value.lowerBound
                var newLength: [UInt8] = []
                LEB128.append(UInt(encoded.count), to: &newLength)
                buffer.replaceSubrange(length, with: newLength)
                return
            }
            append(key, encoded)
            if count > limit { dropOldest() }
        }
    }

    /// Appends `key` as the newest, without looking for it (a window being read back, which
    /// ``isWellFormed`` then checks).
    mutating func appendUnchecked(_ key: String, _ outcome: TripServiceState.Outcome) {
        key.withUTF8InPlace { append($0, BinaryKeyedWriter.bytes(of: outcome)) }
    }

    private mutating func append(_ key: UnsafeBufferPointer<UInt8>, _ encoded: [UInt8]) {
        let size = LEB128.size(of: UInt(key.count)) + key.count + LEB128.size(of: UInt(encoded.count)) + encoded.count
        if buffer.count + size > buffer.capacity {
            // Room from the answers dropped first; else a quarter more than needed, not twice as
            // much: 50 000 drivers' windows stay as small as their answers.
            buffer.removeSubrange(0..<start)
            start = 0
            if buffer.count + size > buffer.capacity { buffer.reserveCapacity((buffer.count + size) * 5 / 4) }
        }
        LEB128.append(UInt(key.count), to: &buffer)
        buffer.append(contentsOf: key)
        LEB128.append(UInt(encoded.count), to: &buffer)
        buffer += encoded
        count += 1
    }

    private mutating func dropOldest() {
        var end = start
        forEachEntry { _, _, range in
            end = range.upperBound
            return false
        }
        (start, count) = (end, count - 1)
    }

    // MARK: - Entries

    /// The window whose `count` answers are `entries` as a keyed container holds them, if they are
    /// well-formed (see ``isWellFormed``) and their keys are `keys`, oldest first, as an array of
    /// `count` strings encodes them after its count (see ``encodedKeys``): one pass over both.
    init?(entries: UnsafeBufferPointer<UInt8>, count: Int, keys: UnsafeBufferPointer<UInt8>, keyCount: Int) {
        guard keyCount == count else { return nil }
        (buffer, self.count) = (Array(entries), count)
        guard isWellFormed(keys: keys) else { return nil }
    }

    /// Whether the entries parse, are `count`, have UTF-8 keys each held once, and readable
    /// outcomes (an encoding repeated from the answer before is read once).
    var isWellFormed: Bool { isWellFormed(keys: nil) }

    /// ``isWellFormed``, and, given `keys`, whether the entries' keys are those (see
    /// ``init(entries:count:keys:keyCount:)``).
    private func isWellFormed(keys: UnsafeBufferPointer<UInt8>?) -> Bool {
        entries.withUnsafeBufferPointer { bytes in
            var (position, found, keyPosition) = (0, 0, 0)
            var previous: UnsafeBufferPointer<UInt8>?
            var seen = KeyFilter()
            while position < bytes.count {
                guard let key = LEB128.readPrefixed(bytes, at: &position), let value = LEB128.readPrefixed(bytes, at: &position),
                      UTF8Bytes.isValid(key) else { return false }
                if let keys {
                    guard let expected = LEB128.readPrefixed(keys, at: &keyPosition), expected.hasSameBytes(as: key) else { return false }
                }
                found += 1
                if !(previous.map { $0.hasSameBytes(as: value) } ?? false) {
                    guard (try? Self.outcome(value)) != nil else { return false }
                    previous = value
                }
                if !seen.insert(key), holdsTwice(key) { return false }
            }
            return found == count && keyPosition == (keys?.count ?? 0)
        }
    }

    /// Calls `body` with the entries as a keyed container holds them (`count` entries, then these bytes).
    func withEntries<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try entries.withUnsafeBufferPointer(body)
    }

    /// The keys as an array of strings encodes them after its count (see ``init(entries:count:keys:keyCount:)``).
    var encodedKeys: [UInt8] {
        var bytes: [UInt8] = []
        forAllEntries { key, _, _ in
            LEB128.append(UInt(key.count), to: &bytes)
            bytes += key
        }
        return bytes
    }

    /// Calls `body` with each entry's key, value and range in `buffer`, oldest first, while it
    /// returns true; stops at bytes that are not an entry.
    private func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, Range<Int>) -> Bool) {
        let offset = start
        entries.withUnsafeBufferPointer { bytes in
            var position = 0
            while position < bytes.count {
                let entryStart = position
                guard let key = LEB128.readPrefixed(bytes, at: &position), let value = LEB128.readPrefixed(bytes, at: &position) else { return }
                guard body(key, value, (offset + entryStart)..<(offset + position)) else { return }
            }
        }
    }

    /// Calls `body` with every entry (see `forEachEntry`).
    private func forAllEntries(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) {
        forEachEntry { key, value, range -> Bool in
            body(key, value, range)
            return true
        }
    }

    /// The range in `buffer` of the outcome of `key`.
    private func entry(_ key: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var found: Range<Int>?
        forEachEntry { entryKey, value, range in
            guard entryKey.hasSameBytes(as: key) else { return true }
            found = (range.upperBound - value.count)..<range.upperBound
            return false
        }
        return found
    }

    /// Whether `key` is held by more than one entry.
    private func holdsTwice(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var holders = 0
        forEachEntry { entryKey, _, _ in
            if entryKey.hasSameBytes(as: key) { holders += 1 }
            return holders < 2
        }
        return holders >= 2
    }

    private static func outcome(_ value: UnsafeBufferPointer<UInt8>) throws -> TripServiceState.Outcome {
        try BinaryKeyedReader.decode(TripServiceState.Outcome.self, from: [UInt8](value))
    }
}

/// A bit per key hash (of 512): most keys of a window are told apart from the others at once.
private struct KeyFilter {
    private var bits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Sets `key`'s bit; false if it was set (the key may be held already).
    mutating func insert(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let hash = FNV1a.hash(key)
        let (word, bit) = (Int(hash >> 6 & 7), UInt64(1) << (hash & 63))
        return withUnsafeMutableBytes(of: &bits) { words in
            let words = words.bindMemory(to: UInt64.self)
            defer { words[word] |= bit }
            return words[word] & bit == 0
        }
    }
}
