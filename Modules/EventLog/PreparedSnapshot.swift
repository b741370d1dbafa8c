import Foundation

/// Receives a state's encoding: its size first, then its bytes in order.
public struct EncodedStateSink {
    /// Called once, before the bytes, with their number.
    public let begin: (Int) throws -> Void
    /// The next bytes (valid only during the call).
    public let write: (UnsafeRawBufferPointer) throws -> Void

    public init(begin: @escaping (Int) throws -> Void, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.begin = begin
        self.write = write
    }
}

/// A snapshot made ahead of storing it, in the form its store keeps.
public struct PreparedSnapshot: Sendable {
    public let projection: String
    public let version: Int
    public let sequence: Int64
    /// The size of the encoded state.
    public let stateSize: Int
    /// What the store keeps: the encoded state, or its compressed form.
    public let stored: Data

    public init(projection: String, version: Int, sequence: Int64, stateSize: Int, stored: Data) {
        self.projection = projection
        self.version = version
        self.sequence = sequence
        self.stateSize = stateSize
        self.stored = stored
    }
}
