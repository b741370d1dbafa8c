import Foundation

/// The flags the extension honours; the main app writes them to the container at start-up.
public struct FeatureFlags: Sendable, Hashable, Codable {
    /// Show the progress bar (P2).
    public var progressBar: Bool
    /// Show the driver's picture.
    public var driverPhoto: Bool

    public init(progressBar: Bool = true, driverPhoto: Bool = true) {
        self.progressBar = progressBar
        self.driverPhoto = driverPhoto
    }

    /// The slots these flags hide.
    var hiddenSlots: Set<Slot> {
        var hidden: Set<Slot> = []
        if !progressBar { hidden.insert(.progress) }
        if !driverPhoto { hidden.insert(.driverPhoto) }
        return hidden
    }

    /// The flags in the container, or the defaults when absent or unreadable.
    public static func read(from container: SharedContainer) -> FeatureFlags {
        guard let bytes = container.read(SharedContainer.flagsFile),
              let flags = try? JSONDecoder().decode(FeatureFlags.self, from: Data(bytes))
        else { return FeatureFlags() }
        return flags
    }
}
