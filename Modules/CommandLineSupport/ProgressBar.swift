#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A progress bar on stderr, drawn only when stderr is a terminal, on one row of it: on a narrow
/// terminal the bar shrinks (to 10 cells), then the line is cut, as a wrapped line would scroll
/// with every redraw.
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
        let line = Self.line(label, percent: percent, text: "\(percent)% \(detail ?? "\(done)/\(total)")", columns: Self.terminalColumns())
        writeToStandardError("\r\(line)\u{1B}[K")
    }

    /// The bar's line for a terminal `columns` wide: at most `columns - 1` characters (the last
    /// column left free, where some terminals wrap), the bar 10 to 30 cells.
    package static func line(_ label: String, percent: Int, text: String, columns: Int) -> String {
        let width = columns - 1
        let cells = max(10, min(30, width - label.count - 4 - text.count))
        let filled = percent * cells / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: cells - filled)
        return String("\(label) [\(bar)] \(text)".prefix(width))
    }

    /// Clears the line.
    public func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        writeToStandardError("\r\u{1B}[2K")
    }

    /// The width of the terminal stderr is on (80 when it does not say).
    private static func terminalColumns() -> Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
