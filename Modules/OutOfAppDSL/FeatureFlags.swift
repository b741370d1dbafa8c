import Foundation

/// The flags the extension honours; the main app writes them to the container at start-up.
///
/// A file may set only some of them: the others keep their defaults.
public struct FeatureFlags: Sendable, Hashable, Codable {
    /// Show the progress bar (P2).
    public var progressBar: Bool
    /// Show the driver's picture.
    public var driverPhoto: Bool

    public init(progressBar: Bool = true, driverPhoto: Bool = true) {
        self.progressBar = progressBar
        self.driverPhoto = driverPhoto
    }

    /// Reads the flags a file sets; a missing one takes its default, an unknown one is skipped.
    public init(from decoder: any Decoder) throws {
        let flags = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = FeatureFlags()
        progressBar = try flags.contains(.progressBar) ? flags.decode(Bool.self, forKey: .progressBar) : defaults.progressBar
        driverPhoto = try flags.contains(.driverPhoto) ? flags.decode(Bool.self, forKey: .driverPhoto) : defaults.driverPhoto
    }

    /// The slots these flags hide.
    var hiddenSlots: Set<Slot> {
        var hidden: Set<Slot> = []
        if !progressBar { hidden.insert(.progress) }
        if !driverPhoto { hidden.insert(.driverPhoto) }
        return hidden
    }

    /// The flags in the container, or the defaults when it has no flags file.
    ///
    /// - Throws: ``ReadError`` when the file is not a JSON object of flags or a flag is not a boolean.
    public static func read(from container: SharedContainer) throws(ReadError) -> FeatureFlags {
        guard let bytes = container.read(SharedContainer.flagsFile) else { return FeatureFlags() }
        do {
            return try JSONDecoder().decode(FeatureFlags.self, from: Data(bytes))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            throw ReadError(description: "\(context.codingPath.map(\.stringValue).joined(separator: ".")): expected true or false")
        } catch DecodingError.valueNotFound(_, let context) where !context.codingPath.isEmpty {
            throw ReadError(description: "\(context.codingPath.map(\.stringValue).joined(separator: ".")): expected true or false")
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            throw ReadError(description: "expected a JSON object")
        } catch {
            throw ReadError(description: "not valid JSON")
        }
    }

    /// Why a flags file cannot be read, e.g. `progressBar: expected true or false`.
    public struct ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        public var description: String
    }
}
