import Foundation
import PlatformKit

/// The end-of-run report: the summary plus run statistics, as JSON and as a self-contained HTML page.
public struct Report: Codable, Sendable {
    public var summary: SimulationSummary
    public var events: Int64
    public var wallSeconds: Double
    public var eventsPerSecond: Double
    public var peakResidentMegabytes: Double

    public init(summary: SimulationSummary, events: Int64, wallSeconds: Double, peakResidentMegabytes: Double) {
        self.summary = summary
        self.events = events
        self.wallSeconds = wallSeconds
        self.eventsPerSecond = wallSeconds > 0 ? Double(events) / wallSeconds : 0
        self.peakResidentMegabytes = peakResidentMegabytes
    }

    /// Where `--report path` writes: the JSON at `path` and the page beside it (`.json` becomes
    /// `.html`), or, for a path ending in `.html`, the page at `path` and the JSON beside it. A
    /// device or a pipe (`/dev/null`, `/dev/stdout`, a FIFO) takes the JSON alone: nothing is
    /// made beside it.
    public static func paths(for path: String) -> (json: String, html: String?) {
        if isDeviceOrPipe(path) { return (path, nil) }
        if path.hasSuffix(".html") { return (String(path.dropLast(5)) + ".json", path) }
        return (path, (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".html")
    }

    /// The files `--report path` writes (see ``paths(for:)``).
    public static func files(for path: String) -> [String] {
        let (json, html) = paths(for: path)
        return [json] + (html.map { [$0] } ?? [])
    }

    /// Checks, before a run, that the report can be written at `path` (see ``paths(for:)``): it
    /// names a file, its directory exists, neither file is a directory, and neither is one of the
    /// run's log `files`, which the report would overwrite.
    public static func checkWritable(_ path: String, notOver files: [String]) throws(SimulationError) {
        guard !path.isEmpty else { throw SimulationError("--report must name a file") }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileKind(atPath: directory) == .directory else {
            throw SimulationError("--report \(path): the directory \(directory) does not exist")
        }
        let reports = Self.files(for: path)
        for file in reports where FileKind(atPath: file) == .directory {
            throw SimulationError("--report \(path): \(file) is a directory")
        }
        for file in reports where files.contains(where: { isSameFile(file, $0) }) {
            throw SimulationError("--report \(path): \(file) is the log itself (\(files[0]))")
        }
    }

    /// Writes the JSON and the HTML page where `--report path` puts them (see ``paths(for:)``):
    /// the page first, the larger, so that a disk filling up leaves the older pair as it was.
    public func write(to path: String) throws {
        let paths = Self.paths(for: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if let page = paths.html { try Self.write(Data(html.utf8), to: page) }
        try Self.write(encoder.encode(self), to: paths.json)
    }

    /// Writes `data` to the file at `path` whole or not at all: into a new file beside it, renamed
    /// over it once written, so that a disk filling up leaves no part of a page (an older report
    /// stays as it was). A link is followed to its file, made if need be; a device or pipe is written in place,
    /// and the process's own standard output or error through its descriptor, after what it printed.
    private static func write(_ data: Data, to path: String) throws(SimulationError) {
        do {
            if let stream = standardStream(at: path) {
                fflush(nil)
                // A line of its own among the summary's.
                try FileHandle(fileDescriptor: stream).write(contentsOf: data + [0x0A])
            } else if isDeviceOrPipe(path) {
                try data.write(to: URL(fileURLWithPath: path))
            } else {
                // The new file keeps an older report's permissions.
                let file = URL(fileURLWithPath: linkTarget(of: path))
                let permissions = try? FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions]
                try data.write(to: file, options: .atomic)
                if let permissions { try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: file.path) }
            }
        } catch {
            throw SimulationError("\(path): cannot write the report (\(systemReason(of: error)))")
        }
    }

    /// A page with the summary and its charts, with no external resources.
    public var html: String {
        let charts = ReportChart.all(for: summary).map(\.svg).joined(separator: "\n")
        let rows = summary.lines.map { "<li>\(escape($0))</li>" }.joined()
        return """
            <!doctype html><html><head><meta charset="utf-8"><title>MobilePlatform simulation</title>
            <style>body{font-family:system-ui,sans-serif;margin:2em;max-width:60em}svg{margin:1em 0;display:block}
            h2{font-size:1.1em}.bar{fill:#276ef1}.bar2{fill:#05a357}text{font-size:11px}</style></head><body>
            <h1>MobilePlatform city simulation</h1><ul>\(rows)</ul>
            <p>\(events) events in \(String(format: "%.2f", wallSeconds)) s (\(Int(eventsPerSecond)) events/s), peak RSS \(Int(peakResidentMegabytes)) MB</p>
            \(charts)</body></html>
            """
    }
}

/// Escapes text for HTML.
func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
}
