import Foundation

/// The main app's side of the hand-off: it has the network, the extension does not.
///
/// At start-up it writes the feature flags to the shared container; on every payload update it
/// downloads the payload's images that are not cached yet. A failed download is simply retried
/// on the next update (images rarely change during a trip).
public struct MainAppCompanion: Sendable {
    /// Downloads one image; `nil` when the download failed.
    public typealias ImageFetcher = @Sendable (String) -> [UInt8]?

    /// What one update did to the cache.
    public struct CacheReport: Sendable, Hashable {
        public var downloaded: [String] = []
        public var alreadyCached: [String] = []
        public var failed: [String] = []
    }

    private let container: SharedContainer
    private let fetch: ImageFetcher

    public init(container: SharedContainer, fetch: @escaping ImageFetcher) {
        self.container = container
        self.fetch = fetch
    }

    /// Writes the flags the extension will read.
    public func start(flags: FeatureFlags) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try container.write(SharedContainer.flagsFile, Array(try encoder.encode(flags)))
    }

    /// Caches the payload's images that are missing.
    @discardableResult
    public func payloadDidUpdate(_ payload: Payload) -> CacheReport {
        var report = CacheReport()
        for url in payload.imageURLs {
            let file = SharedContainer.imageFile(for: url)
            if container.read(file) != nil {
                report.alreadyCached.append(url)
            } else if let bytes = fetch(url), (try? container.write(file, bytes)) != nil {
                report.downloaded.append(url)
            } else {
                report.failed.append(url)
            }
        }
        return report
    }
}
