/// The typed events a reader understands, with upcasters from older schema versions.
///
/// Events of a type or version not registered here decode to `nil` and are skipped:
/// they come from a newer writer, and tools that copy the log keep them as bytes.
public struct EventRegistry: Sendable {
    struct Key: Hashable, Sendable {
        var type: String
        var version: Int
    }

    /// How the payloads of one type and version decode, and to which Swift type.
    struct Decoding: Sendable {
        var decode: @Sendable ([UInt8]) throws -> any Event
        var produces: ObjectIdentifier
    }

    private var decoders: [Key: Decoding] = [:]

    public init() {}

    /// Registers `E` at its current schema version.
    public mutating func register<E: Event>(_ type: E.Type) {
        decoders[Key(type: E.eventType, version: E.schemaVersion)] = Decoding(
            decode: { try BinaryDecoder().decode(E.self, from: $0) }, produces: ObjectIdentifier(E.self)
        )
    }

    /// Registers `E` at its current schema version, decoded without `Codable` (faster replay).
    public mutating func register<E: Event & BinaryDecodable>(_ type: E.Type) {
        decoders[Key(type: E.eventType, version: E.schemaVersion)] = Decoding(
            decode: { try BinaryKeyedReader.decode(E.self, from: $0) }, produces: ObjectIdentifier(E.self)
        )
    }

    /// Registers an older schema `version` of `E`'s type, decoded as `Old` and upcast to `E`.
    ///
    /// Chain older versions by composing upcasts: `{ v3(from: v2(from: $0)) }`.
    public mutating func register<Old: Decodable & SendableMetatype, E: Event>(
        _ old: Old.Type, version: Int, upcastTo current: E.Type, _ upcast: @escaping @Sendable (Old) -> E
    ) {
        decoders[Key(type: E.eventType, version: version)] = Decoding(
            decode: { upcast(try BinaryDecoder().decode(Old.self, from: $0)) }, produces: ObjectIdentifier(E.self)
        )
    }

    /// Adds every registration of `other` (used to combine modules' registries).
    public mutating func merge(_ other: EventRegistry) {
        decoders.merge(other.decoders) { _, theirs in theirs }
    }

    /// Every registered type name.
    public var typeNames: Set<String> { Set(decoders.keys.map(\.type)) }

    /// How this registry decodes events of `key`'s type and version, if it does.
    func decoding(for key: Key) -> Decoding? { decoders[key] }

    /// The typed event, upcast to its current version, or `nil` for an unknown type or version.
    ///
    /// Throws a ``EventLogError`` naming the sequence number when a known payload is malformed.
    public func decode(_ event: RecordedEvent) throws -> (any Event)? {
        try Self.decode(event, with: decoders[Key(type: event.type, version: event.schemaVersion)])
    }

    /// A decoder that remembers its last look-ups: replays see few distinct types, and comparing
    /// the log's shared type strings is cheaper than hashing them for every event.
    struct CachingDecoder {
        let registry: EventRegistry
        private var recent: [(type: String, version: Int, decoding: Decoding?)] = []

        init(_ registry: EventRegistry) {
            self.registry = registry
        }

        mutating func decode(_ event: RecordedEvent) throws -> (any Event)? {
            for entry in recent where entry.version == event.schemaVersion && entry.type == event.type {
                return try EventRegistry.decode(event, with: entry.decoding)
            }
            let decoding = registry.decoders[Key(type: event.type, version: event.schemaVersion)]
            if recent.count < 8 { recent.append((event.type, event.schemaVersion, decoding)) }
            return try EventRegistry.decode(event, with: decoding)
        }
    }

    private static func decode(_ event: RecordedEvent, with decoding: Decoding?) throws -> (any Event)? {
        guard let decoding else { return nil }
        return try decode(event, using: decoding)
    }

    /// The payload of `event`, decoded with `decoding` (one of this registry's).
    static func decode(_ event: RecordedEvent, using decoding: Decoding) throws -> any Event {
        do {
            return try decoding.decode(event.payload)
        } catch {
            throw EventLogError(
                .corrupt(sequence: event.sequence),
                "event \(event.sequence) (\(event.type) v\(event.schemaVersion)): payload does not decode: \(error)"
            )
        }
    }
}
