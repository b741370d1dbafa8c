// Errors of ``BinaryEncoder`` and ``BinaryDecoder``: always Swift's standard
// `EncodingError` and `DecodingError`, with the coding path of the failing value.

extension _DecodeFailure {
    /// The standard error for this failure while decoding a `type` at `codingPath`.
    func decodingError(_ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        switch self {
        case .nilValue:
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "Expected \(type) value but found nil instead.")
            )
        case .sizeMismatch, .invalidBool:
            return .typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "Cannot decode \(type): \(message)")
            )
        default:
            return .dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "Cannot decode \(type): \(message)")
            )
        }
    }
}

enum _CodecErrors {
    static func keyNotFound(_ key: any CodingKey, _ codingPath: [any CodingKey]) -> DecodingError {
        .keyNotFound(
            key,
            .init(codingPath: codingPath, debugDescription: "No value associated with key \"\(key.stringValue)\".")
        )
    }

    static func corrupted(_ codingPath: [any CodingKey], _ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }

    static func atEnd(_ type: Any.Type, _ codingPath: [any CodingKey]) -> DecodingError {
        .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "Unkeyed container is at end."))
    }

    static func decoderExpired(_ codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(
            .init(
                codingPath: codingPath,
                debugDescription: "A decoder or container was used after BinaryDecoder.decode returned."
            )
        )
    }

    /// Thrown inside the streaming encoder when containers are used out of order; the
    /// top-level `encode` then re-encodes with the tree encoder, so callers never see it.
    static func streamOrder(_ codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            (),
            .init(
                codingPath: codingPath,
                debugDescription: "Container used out of order; BinaryEncoder retries in tree mode."
            )
        )
    }

    static func misuse(_ codingPath: [any CodingKey], _ message: String) -> EncodingError {
        .invalidValue((), .init(codingPath: codingPath, debugDescription: message))
    }
}
