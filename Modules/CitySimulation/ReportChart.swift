/// A bar chart drawn as inline SVG: one or two series over labelled buckets.
struct ReportChart {
    var title: String
    var labels: [String]
    var series: [(name: String, values: [Double])]

    /// The report's charts: trips over time, time saved per optimistic operation, pushes vs raw
    /// trip-state changes, and the onboarding funnel.
    static func all(for summary: SimulationSummary) -> [ReportChart] {
        let hours = summary.completedPerHour.indices.map { "h\($0)" }
        let ooa = summary.liveActivities
        let markets = summary.onboarding.keys.sorted()
        return [
            ReportChart(
                title: "Trips per virtual hour", labels: hours,
                series: [("completed", summary.completedPerHour.map(Double.init)), ("cancelled", summary.cancelledPerHour.map(Double.init))]
            ),
            ReportChart(
                title: "Average time saved per optimistic operation (drivers by seconds saved)",
                labels: savedBuckets.map { $0.upperBound == .max ? "≥\($0.lowerBound)s" : "\($0.lowerBound)–\($0.upperBound)s" },
                series: [("drivers", savedBuckets.map { range in Double(summary.optimistic.averageSecondsSavedPerDriver.filter { range.contains($0) }.count) })]
            ),
            ReportChart(
                title: "OOA service: trip-state changes in vs pushes out per virtual hour", labels: hours,
                series: [
                    ("changes in", ooa.changesPerHour.map(Double.init)),
                    ("pushes out", ooa.pushesPerHour.map(Double.init)),
                ]
            ),
            ReportChart(
                title: "OOA service: changes in vs what happened to them",
                labels: ["changes in", "pushes out", "coalesced", "throttled", "dropped"],
                series: [("count", [ooa.changesIn, ooa.pushesOut, ooa.coalesced, ooa.throttled, ooa.dropped].map(Double.init))]
            ),
            ReportChart(
                title: "Onboarding funnel by market", labels: markets,
                series: [
                    ("arrived", markets.map { Double(summary.onboarding[$0]?.arrived ?? 0) }),
                    ("onboarded", markets.map { Double(summary.onboarding[$0]?.onboarded ?? 0) }),
                ]
            ),
        ]
    }

    /// Buckets of seconds saved, for the time-saved histogram.
    private static let savedBuckets: [ClosedRange<Int>] = [0...4, 5...9, 10...14, 15...19, 20...29, 30...44, 45...59, 60...119, 120...Int.max]

    var svg: String {
        let width = 720.0, height = 230.0, top = 20.0, bottom = 30.0, left = 50.0
        let maximum = max(1, series.flatMap(\.values).max() ?? 1)
        let slot = (width - left) / Double(max(1, labels.count))
        let barWidth = slot * 0.8 / Double(max(1, series.count))
        // Each bar's count above it, where the bars are few enough for the numbers to fit.
        let showsValues = labels.count * series.count <= 16
        var parts: [String] = []
        for (s, entry) in series.enumerated() {
            for (i, value) in entry.values.enumerated() {
                let h = (height - top - bottom) * value / maximum
                let x = left + Double(i) * slot + Double(s) * barWidth
                parts.append(#"<rect class="\#(s == 0 ? "bar" : "bar2")" x="\#(x)" y="\#(height - bottom - h)" width="\#(barWidth)" height="\#(h)"><title>\#(escape(entry.name)) \#(labels[i]): \#(value)</title></rect>"#)
                if showsValues {
                    parts.append(#"<text x="\#(x + barWidth / 2)" y="\#(height - bottom - h - 3)" text-anchor="middle">\#(Int(value))</text>"#)
                }
            }
        }
        let step = max(1, labels.count / 12)
        for (i, label) in labels.enumerated() where i % step == 0 {
            parts.append(#"<text x="\#(left + Double(i) * slot)" y="\#(height - bottom + 14)">\#(escape(label))</text>"#)
        }
        parts.append(#"<text x="0" y="\#(top + 10)">\#(Int(maximum))</text><text x="0" y="\#(height - bottom)">0</text>"#)
        let legend = series.enumerated().map { "\($0.offset == 0 ? "blue" : "green"): \(escape($0.element.name))" }.joined(separator: ", ")
        return "<h2>\(escape(title))</h2><p>\(legend)</p><svg width=\"\(Int(width))\" height=\"\(Int(height))\" role=\"img\">\(parts.joined())</svg>"
    }
}
