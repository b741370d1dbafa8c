import PlatformKit

/// Draws a surface as text, so a person can see it in a terminal.
public struct TextRenderer: Sendable {
    public var theme: Theme
    /// Whether an image is available to the extension (cached in the shared container).
    public var hasImage: @Sendable (String) -> Bool

    public init(theme: Theme = .standard, hasImage: @escaping @Sendable (String) -> Bool) {
        self.theme = theme
        self.hasImage = hasImage
    }

    /// The surface's lines, framed: a box for the lock screen, the expanded island and Android,
    /// a pill for the compact and minimal island.
    public func draw(_ layout: Layout, of payload: Payload) -> [String] {
        let rows = Dictionary(grouping: layout.placements, by: \.region.row).sorted { $0.key < $1.key }
        var body: [String] = []
        for (_, placements) in rows {
            let columns = placements.map { lines(of: $0, payload) }
            let height = columns.map(\.count).max() ?? 0
            guard columns.contains(where: { !$0.allSatisfy { $0.allSatisfy { $0 == " " } } }) else { continue }
            for line in 0..<height {
                body.append(zip(placements, columns).map { placement, column in
                    line < column.count ? column[line] : String(repeating: " ", count: placement.region.width)
                }.joined(separator: " "))
            }
        }
        let width = layout.surface.regions.reduce(into: [Int: Int]()) { $0[$1.row, default: -1] += $1.width + 1 }.values.max() ?? 0
        switch layout.surface {
        case .islandCompact, .islandMinimal:
            return body.map { "(\($0))" }
        case .android:
            return frame(["Uber · now" + String(repeating: " ", count: max(0, width - 10))] + body, width: width)
        case .lockscreen, .islandExpanded:
            return frame(body, width: width)
        }
    }

    private func frame(_ body: [String], width: Int) -> [String] {
        let edge = String(repeating: "─", count: width + 2)
        return ["╭\(edge)╮"] + body.map { "│ \($0) │" } + ["╰\(edge)╯"]
    }

    /// A region's lines, each exactly `width` columns.
    private func lines(of placement: Layout.Placement, _ payload: Payload) -> [String] {
        let width = placement.region.width
        var lines: [String] = []
        for slot in placement.slots {
            guard let element = payload.slots[slot] else { continue }
            let style = theme.style(for: element.tags)
            switch element {
            case .label(let text, _):
                let printable = TerminalColumns.printable(text)
                let shown = style.font == .title ? printable.uppercased() : printable
                lines += wrap(shown, width: width, lines: max(1, style.lines)).map { align($0, width, style.alignment) }
            case .image(let url, _):
                let name = url.split(separator: "/").last.map(String.init) ?? url
                let label = TerminalColumns.printable(hasImage(url) ? "[\(name)]" : "[… \(slot.rawValue)]")
                lines.append(align(TerminalColumns.truncated(label, to: width), width, style.alignment))
            case .progress(let value, _):
                lines.append(bar(value, width: width))
            }
        }
        return lines.isEmpty ? [String(repeating: " ", count: width)] : lines
    }

    private func bar(_ value: Double, width: Int) -> String {
        let percent = " \(Int((value * 100).rounded(.down)))%"
        let cells = max(1, width - 5)
        let filled = Int((value * Double(cells)).rounded(.down))
        let text = String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled) + percent
        return align(text, width, .leading)
    }

    /// `text` in at most `lines` lines of `width` columns, broken at spaces where it can be.
    private func wrap(_ text: String, width: Int, lines: Int) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty && result.count < lines {
            if TerminalColumns.of(rest) <= width || result.count == lines - 1 {
                result.append(TerminalColumns.truncated(String(rest), to: width))
                break
            }
            let fits = TerminalColumns.prefix(rest, fitting: width)
            let space = fits.endIndex < rest.endIndex && rest[fits.endIndex] == " " ? fits.endIndex : fits.lastIndex(of: " ")
            let cut = space ?? (fits.isEmpty ? rest.index(after: rest.startIndex) : fits.endIndex)
            result.append(String(rest[..<cut]))
            rest = rest[cut...].drop { $0 == " " }
        }
        return result
    }

    private func align(_ text: String, _ width: Int, _ alignment: Theme.Alignment) -> String {
        let padding = max(0, width - TerminalColumns.of(text))
        switch alignment {
        case .leading: return text + String(repeating: " ", count: padding)
        case .trailing: return String(repeating: " ", count: padding) + text
        case .center:
            return String(repeating: " ", count: padding / 2) + text + String(repeating: " ", count: padding - padding / 2)
        }
    }
}

/// The Live Activity / notification extension: no network, no state. It reads the feature flags
/// and the images the main app left in the shared container, and draws the payload it is given.
public struct ActivityExtension: Sendable {
    private let container: SharedContainer
    private let theme: Theme

    public init(container: SharedContainer, theme: Theme = .standard) {
        self.container = container
        self.theme = theme
    }

    /// The payload placed on `surface`, minus what the flags hide.
    ///
    /// - Throws: ``FeatureFlags/ReadError`` when the container's flags file is malformed.
    public func layout(_ payload: Payload, on surface: Surface) throws(FeatureFlags.ReadError) -> Layout {
        var payload = payload
        for slot in try FeatureFlags.read(from: container).hiddenSlots { payload.slots[slot] = nil }
        return surface.layout(payload)
    }

    /// The surface drawn as text.
    ///
    /// - Throws: ``FeatureFlags/ReadError`` when the container's flags file is malformed.
    public func render(_ payload: Payload, on surface: Surface) throws(FeatureFlags.ReadError) -> [String] {
        draw(try layout(payload, on: surface), of: payload)
    }

    /// `layout` (of `payload`) drawn as text, with the images the container holds.
    public func draw(_ layout: Layout, of payload: Payload) -> [String] {
        let container = self.container
        return TextRenderer(theme: theme) { container.read(SharedContainer.imageFile(for: $0)) != nil }.draw(layout, of: payload)
    }
}
