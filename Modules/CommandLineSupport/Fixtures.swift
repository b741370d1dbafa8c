import Foundation
import PlatformKit

/// The repository's `relativePath` (e.g. `fixtures/actioncards/membership`), found from the
/// working directory up, else from the tool's own path up (a build inside the repository).
public func fixturesDirectory(_ relativePath: String) -> String? {
    RepositoryFixtures.directory(relativePath, near: FileManager.default.currentDirectoryPath)
        ?? CommandLine.arguments.first.flatMap { RepositoryFixtures.directory(relativePath, near: $0) }
}
