extension ZstdError {
    /// The kind of a `ZstdError`. Compare with `==` against the static members.
    ///
    /// A struct rather than an enum so that new kinds can be added without breaking `switch`es.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: Hashable, Sendable {
            case library(Int)
            case sizeLimitExceeded
            case truncatedFrame
            case invalidLevel
            case invalidArgument
            case dictionaryTraining
        }

        private let kind: Kind

        private init(_ kind: Kind) { self.kind = kind }

        /// libzstd reported the error; `code` is its `ZSTD_ErrorCode` value (see zstd_errors.h).
        public static func library(_ code: Int) -> Code { Code(.library(code)) }
        /// The output would exceed the caller's `maxSize` (possible decompression bomb).
        public static let sizeLimitExceeded = Code(.sizeLimitExceeded)
        /// The input ended before the end of a frame, or there was no frame at all.
        public static let truncatedFrame = Code(.truncatedFrame)
        /// The compression level is outside `Zstd.minLevel...Zstd.maxLevel`.
        public static let invalidLevel = Code(.invalidLevel)
        /// An argument is out of range, e.g. a negative `maxSize`.
        public static let invalidArgument = Code(.invalidArgument)
        /// Dictionary training failed (`ZDICT_trainFromBuffer`), e.g. too few samples.
        public static let dictionaryTraining = Code(.dictionaryTraining)

        /// libzstd's numeric error code, if the error comes from libzstd; `nil` otherwise.
        public var libraryCode: Int? {
            if case .library(let code) = kind { return code }
            return nil
        }

        /// The kind's name, e.g. `sizeLimitExceeded` or `library(10)`.
        public var description: String {
            switch kind {
            case .library(let code): "library(\(code))"
            case .sizeLimitExceeded: "sizeLimitExceeded"
            case .truncatedFrame: "truncatedFrame"
            case .invalidLevel: "invalidLevel"
            case .invalidArgument: "invalidArgument"
            case .dictionaryTraining: "dictionaryTraining"
            }
        }
    }
}
