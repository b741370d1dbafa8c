/// A typed event: a namespaced, versioned `Codable` value.
///
/// ```swift
/// struct TripStarted: Event {
///     static let eventType = "trip.started"
///     static let schemaVersion = 2
///     var tripID: String
/// }
/// ```
public protocol Event: Codable, Sendable {
    /// Namespaced type name, e.g. `trip.started`.
    static var eventType: String { get }
    /// The schema version this Swift type encodes; older versions are upcast on read.
    static var schemaVersion: Int { get }
    /// Writes this event in the log's binary format (``BinaryEncoder``) at the end of `payload`.
    /// Provided: a type that is also ``BinaryEncodable`` writes itself without the encoder
    /// looking its conformance up.
    func encodePayload(into payload: inout EventPayloadWriter) throws
}

extension Event {
    public static var schemaVersion: Int { 1 }

    public func encodePayload(into payload: inout EventPayloadWriter) throws {
        try BinaryEncoder().withEncoding(self) { payload.bytes.raw($0) }
    }

    /// This event in the log's binary format.
    public func encodedPayload() throws -> [UInt8] {
        try EventPayloadWriter.encoding { try encodePayload(into: &$0) }
    }

    /// This event encoded for appending to `stream`.
    public func newEvent(
        stream: String, correlationID: String? = nil, causationID: String? = nil,
        idempotencyKey: String? = nil, expectedPosition: Int64? = nil
    ) throws -> NewEvent {
        NewEvent(
            streamID: stream, type: Self.eventType, schemaVersion: Self.schemaVersion,
            payload: try encodedPayload(),
            correlationID: correlationID, causationID: causationID,
            idempotencyKey: idempotencyKey, expectedPosition: expectedPosition, encodedFrom: self
        )
    }

    /// This event as a `T` if that is its type, else `nil`: one comparison of types.
    ///
    /// For projections' folds, which test an `any Event` against each type they read: `as?`
    /// asks the runtime's general cast (protocols, classes, optionals, bridging), several times
    /// the cost of this, and a `switch` with `case let e as T` pays it for every case tried.
    /// Event types are structs, so the exact type is the only match.
    ///
    /// ```swift
    /// if let started = event.exactly(TripStarted.self) { state.trips += 1 }
    /// ```
    @inlinable
    public func exactly<T: Event>(_ type: T.Type) -> T? {
        Self.self == T.self ? unsafeBitCast(self, to: T.self) : nil
    }
}

extension Event where Self: BinaryEncodable {
    /// Written by the type itself, as ``BinaryEncoder`` writes it: the witness is chosen where the
    /// type conforms, so no conformance is looked up and no value cast per event.
    public func encodePayload(into payload: inout EventPayloadWriter) throws {
        try BinaryKeyedWriter.keyed(&payload.bytes) { (writer: inout BinaryKeyedWriter) throws(BinaryEncodingFailure) in
            try encode(to: &writer)
        }
    }
}
