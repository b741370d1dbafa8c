import CommandLineSupport
import Foundation

/// A progress bar on stderr, drawn only when stderr is a terminal.
public struct ProgressBar {
    private let label: String
    private let enabled = isatty(STDERR_FILENO) == 1
    private var lastDrawn = -1

    /// A bar labelled `label`.
    public init(_ label: String) {
        self.label = label
    }

    /// Shows `done` of `total`, followed by `detail` (redrawn only when the percentage or `detail` changes).
    public mutating func update(_ done: Int64, of total: Int64, detail: String? = nil) {
        guard enabled, total > 0 else { return }
        let percent = Int(min(100, done * 100 / total))
        guard percent != lastDrawn || detail != nil else { return }
        lastDrawn = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        writeToStandardError("\r\(label) [\(bar)] \(percent)% \(detail ?? "\(done)/\(total)")\u{1B}[K")
    }

    /// Clears the line.
    public func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        writeToStandardError("\r\u{1B}[2K")
    }
}
