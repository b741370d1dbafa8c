import Foundation

/// The file `path` names once its symbolic links are followed, to a file yet to be made as well
/// (a link whose target does not exist yet); `path` itself when it is no link. A loop of links
/// ends after 40, where the system's own look-up gives up.
public func linkTarget(of path: String) -> String {
    var target = path
    for _ in 0..<40 {
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target) else { break }
        target = destination.hasPrefix("/")
            ? destination
            : URL(fileURLWithPath: target).deletingLastPathComponent().appendingPathComponent(destination).path
    }
    return target
}
