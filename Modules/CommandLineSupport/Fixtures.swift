import Foundation
import PlatformKit

/// The repository's `relativePath` (e.g. `fixtures/actioncards/membership`), found from the
/// working directory up, else from the tool's own path up (a build inside the repository).
public func fixturesDirectory(_ relativePath: String) -> String? {
    RepositoryFixtures.directory(relativePath, near: FileManager.default.currentDirectoryPath)
        ?? CommandLine.arguments.first.flatMap { RepositoryFixtures.directory(relativePath, near: $0) }
}

/// `given`, else the repository's `relativePath` (see ``fixturesDirectory(_:)``), else a
/// ``ToolError`` saying where it was looked for and which `option` names it.
public func fixturesDirectory(_ given: String?, default relativePath: String, option: String) throws -> String {
    if let given { return given }
    guard let found = fixturesDirectory(relativePath) else {
        throw ToolError("no \(relativePath) in this directory or its parents, nor beside this build: pass \(option) DIR")
    }
    return found
}
