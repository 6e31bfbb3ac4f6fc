import Foundation

/// A grouped bar chart as standalone SVG: for each case a group, in it a bar
/// per store with a whisker over its interval, and the bound the case is
/// judged against drawn across the group. Plain SVG 1.1, as `LineChart`.
struct BarChart {
    struct Bar {
        let store: String
        let value: Double
        let low: Double
        let high: Double
        /// Drawn solid when the store is of the favoured design, hatched-light otherwise.
        let isFavoured: Bool
    }

    struct Group {
        /// What tells this case from the chart's others: the parameters that vary.
        let label: String
        let bars: [Bar]
        /// Horizontal marks across the group: the bound, a published figure.
        let marks: [(value: Double, label: String)]
    }

    let title: String
    let subtitles: [String]
    let yLabel: String
    let stores: [String]
    /// Stores that are upper bounds: outlined and marked `*`.
    var upperBounds: Set<String> = []
    let groups: [Group]
    /// Keeps the axis linear however wide its range: for shares.
    var linear = false

    static let width = 820.0
    private static let left = 86.0, right = 24.0, plotHeight = 300.0
    private static let colors = ChartCanvas.colors
    private static let labelSize = 11.0, labelLine = 13.0

    func svg() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let groupWidth = plotWidth / Double(Swift.max(1, groups.count))
        let (labels, caseLegend) = caseLabels(groupWidth: groupWidth)
        let labelLines = Double(labels.map(\.count).max() ?? 1)
        let subtitles =
            self.subtitles + (upperBounds.isEmpty ? [] : ["*: an upper bound, outlined: it bounds its family"])
        // The header first, to know where the plot starts.
        let probe = ChartCanvas.opening(
            width: Self.width, height: 0, left: Self.left, title: title, subtitles: subtitles)
        let top = Swift.max(74, probe.bottom + 22)
        let legendTop = top + Self.plotHeight + 14 + labelLines * Self.labelLine + 16
        let caseLegendTop = legendTop + Double((stores.count + 2) / 3) * 18 + 6
        let height = caseLegendTop + Double(caseLegend.count) * Self.labelLine + 8
        var out = ChartCanvas.opening(
            width: Self.width, height: height, left: Self.left, title: title,
            subtitles: subtitles
        ).svg

        let values = groups.flatMap { group in
            group.bars.flatMap { [$0.value, $0.low, $0.high] } + group.marks.map(\.value)
        }
        .filter { $0.isFinite }
        let axis = ChartAxis(covering: values.isEmpty ? [0, 1] : values, fromZero: true, linear: linear)
        func py(_ y: Double) -> Double {
            let clamped = axis.isLogarithmic ? Swift.max(y, axis.low) : y
            return top + (1 - axis.fraction(clamped)) * Self.plotHeight
        }
        for tick in axis.ticks {
            let y = Self.number(py(tick))
            out +=
                "<line x1=\"\(Self.number(Self.left))\" y1=\"\(y)\" x2=\"\(Self.number(Self.left + plotWidth))\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>\n"
            out +=
                "<text x=\"\(Self.number(Self.left - 8))\" y=\"\(Self.number(py(tick) + 4))\" font-size=\"12\" fill=\"#333\" text-anchor=\"end\">\(ChartAxis.label(tick))</text>\n"
        }
        let yTitle = yLabel + (axis.isLogarithmic ? " (log scale)" : "")
        out += ChartCanvas.yTitle(yTitle, middle: top + Self.plotHeight / 2, height: Self.plotHeight)
        let barWidth = Swift.min(28, groupWidth * 0.8 / Double(Swift.max(1, stores.count)))
        // A mark's label is written where it first appears, or changes, and
        // only where it clears the one before.
        var lastMarkLabel: (text: String, right: Double, y: Double)?
        for (groupIndex, group) in groups.enumerated() {
            let start = Self.left + Double(groupIndex) * groupWidth + (groupWidth - barWidth * Double(stores.count)) / 2
            let base = py(axis.isLogarithmic ? axis.low : 0)
            for (slot, store) in stores.enumerated() {
                let x = start + Double(slot) * barWidth
                guard let bar = group.bars.first(where: { $0.store == store }), bar.value.isFinite else {
                    out += Self.slotLabel("–", x: x, width: barWidth, y: base - 3)
                    continue
                }
                out += self.bar(bar, at: x, width: barWidth, slot: slot, py: py, base: base)
            }
            out += marks(
                of: group, from: start, width: barWidth * Double(stores.count), base: base, py: py,
                lastLabel: &lastMarkLabel)
            let labelX = Self.number(Self.left + (Double(groupIndex) + 0.5) * groupWidth)
            for (line, text) in labels[groupIndex].enumerated() {
                let y = top + Self.plotHeight + 18 + Double(line) * Self.labelLine
                out +=
                    "<text x=\"\(labelX)\" y=\"\(Self.number(y))\" font-size=\"11\" fill=\"#333\" text-anchor=\"middle\">\(LineChart.escaped(text))</text>\n"
            }
        }
        out +=
            "<rect x=\"\(Self.number(Self.left))\" y=\"\(Self.number(top))\" width=\"\(Self.number(plotWidth))\" height=\"\(Self.number(Self.plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
        out += legends(storesAt: legendTop, cases: caseLegend, casesAt: caseLegendTop)
        return out + "</svg>\n"
    }

    /// The stores, three to a line under the plot, then the legend of cases.
    private func legends(
        storesAt legendTop: Double, cases caseLegend: [String], casesAt caseLegendTop: Double
    )
        -> String
    {
        var out = ""
        for (slot, store) in stores.enumerated() {
            let x = Self.left + Double(slot % 3) * 230
            let y = legendTop + Double(slot / 3) * 18
            let name = store + (upperBounds.contains(store) ? " *" : "")
            out +=
                "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y - 10))\" width=\"12\" height=\"12\" fill=\"\(Self.colors[slot % Self.colors.count])\"/>\n"
            out +=
                "<text x=\"\(Self.number(x + 18))\" y=\"\(Self.number(y))\" font-size=\"12\" fill=\"#222\">\(LineChart.escaped(name))</text>\n"
        }
        for (line, text) in caseLegend.enumerated() {
            let y = caseLegendTop + Double(line) * Self.labelLine
            out +=
                "<text x=\"\(Self.number(Self.left))\" y=\"\(Self.number(y))\" font-size=\"11\" fill=\"#333\">\(LineChart.escaped(text))</text>\n"
        }
        return out
    }

    /// A group's marks: a dashed line across its bars for each, labelled
    /// where the label first appears or changes, and only where it clears
    /// the one before; a mark on the base writes its label above the slots'.
    private func marks(
        of group: Group, from start: Double, width: Double, base: Double, py: (Double) -> Double,
        lastLabel: inout (text: String, right: Double, y: Double)?
    ) -> String {
        // A zero or a missing figure is labelled just above the base.
        let slotLabelled = stores.contains { store in
            group.bars.first { $0.store == store }.map { !$0.value.isFinite || $0.value == 0 } ?? true
        }
        var out = ""
        for mark in group.marks where mark.value.isFinite {
            var y = py(mark.value)
            out +=
                "<line x1=\"\(Self.number(start - 6))\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(start + width + 6))\" y2=\"\(Self.number(y))\" stroke=\"#444\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\n"
            if slotLabelled && base - y < 16 { y = base - 14 }
            let x = start - 6, right = x + ChartCanvas.width(mark.label, size: 11)
            let repeats = lastLabel.map { $0.text == mark.label && abs($0.y - y) < 1 } ?? false
            let clear = lastLabel.map { $0.right + 8 < x || abs($0.y - y) > 14 } ?? true
            guard !repeats, clear, right <= Self.width - 4 else { continue }
            lastLabel = (mark.label, right, y)
            out +=
                "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y - 4))\" font-size=\"11\" fill=\"#444\">\(LineChart.escaped(mark.label))</text>\n"
        }
        return out
    }

    /// Each group's label, wrapped to its width, and the lines of a legend
    /// of cases: labels cut short, or alike, tell no case apart, so the
    /// groups are then numbered and the cases listed in full under the stores.
    private func caseLabels(groupWidth: Double) -> (labels: [[String]], legend: [String]) {
        let labels = groups.map { ChartCanvas.wrapped($0.label, width: groupWidth - 6, size: Self.labelSize) }
        let cut = labels.contains { $0.last?.hasSuffix("…") == true }
        let alike = Set(labels.map { $0.joined(separator: " ") }).count < labels.count
        guard cut || alike else { return (labels, []) }
        let legend = groups.enumerated().flatMap { index, group in
            ChartCanvas.wrapped(
                "case \(index + 1): \(group.label)", width: Self.width - Self.left - Self.right,
                size: Self.labelSize, lines: 4)
        }
        return (groups.indices.map { ["case \($0 + 1)"] }, legend)
    }

    /// A short text centred over a bar's slot: "0" on a zero bar, "–" where
    /// the store has no figure, so that neither reads as the other.
    private static func slotLabel(_ text: String, x: Double, width: Double, y: Double) -> String {
        "<text x=\"\(number(x + width / 2))\" y=\"\(number(y))\" font-size=\"10\" fill=\"#555\" text-anchor=\"middle\">\(text)</text>\n"
    }

    /// One bar with its whisker: solid for the favoured design, light for
    /// the rest, outlined only for an upper bound.
    private func bar(_ bar: Bar, at x: Double, width: Double, slot: Int, py: (Double) -> Double, base: Double) -> String
    {
        let color = Self.colors[slot % Self.colors.count]
        let top = py(bar.value)
        let opacity = upperBounds.contains(bar.store) ? "0" : bar.isFavoured ? "0.9" : "0.35"
        var out =
            "<rect x=\"\(Self.number(x + 1))\" y=\"\(Self.number(Swift.min(top, base)))\" width=\"\(Self.number(width - 2))\" height=\"\(Self.number(abs(base - top)))\" fill=\"\(color)\" fill-opacity=\"\(opacity)\" stroke=\"\(color)\"/>\n"
        if bar.value == 0 {
            out +=
                "<line x1=\"\(Self.number(x + 1))\" y1=\"\(Self.number(base))\" x2=\"\(Self.number(x + width - 1))\" y2=\"\(Self.number(base))\" stroke=\"\(color)\" stroke-width=\"3\"/>\n"
            out += Self.slotLabel("0", x: x, width: width, y: base - 4)
        }
        if bar.low.isFinite, bar.high.isFinite, bar.low != bar.high {
            let middle = Self.number(x + width / 2)
            out +=
                "<line x1=\"\(middle)\" y1=\"\(Self.number(py(bar.low)))\" x2=\"\(middle)\" y2=\"\(Self.number(py(bar.high)))\" stroke=\"#222\" stroke-width=\"1.5\"/>\n"
        }
        return out
    }

    private static func number(_ value: Double) -> String { ChartCanvas.number(value) }
}
