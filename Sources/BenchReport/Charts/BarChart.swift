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
        let label: String
        let bars: [Bar]
        /// Horizontal marks across the group: the bound, a published figure.
        let marks: [(value: Double, label: String)]
    }

    let title: String
    let subtitles: [String]
    let yLabel: String
    let stores: [String]
    let groups: [Group]

    static let width = 820.0
    private static let left = 86.0, right = 24.0, top = 74.0, bottom = 110.0, plotHeight = 300.0
    private static let colors = ChartCanvas.colors

    var height: Double { Self.top + Self.plotHeight + Self.bottom + Double(stores.count / 3 + 1) * 18 }

    func svg() -> String {
        let values = groups.flatMap { group in group.bars.flatMap { [$0.value, $0.low, $0.high] } + group.marks.map(\.value) }
            .filter { $0.isFinite }
        let axis = ChartAxis(covering: values.isEmpty ? [0, 1] : values, fromZero: true)
        let plotWidth = Self.width - Self.left - Self.right
        func py(_ y: Double) -> Double {
            let clamped = axis.isLogarithmic ? Swift.max(y, axis.low) : y
            return Self.top + (1 - axis.fraction(clamped)) * Self.plotHeight
        }
        var out = ChartCanvas.opening(width: Self.width, height: height, left: Self.left, title: title, subtitles: subtitles)
        for tick in axis.ticks {
            let y = Self.number(py(tick))
            out += "<line x1=\"\(Self.number(Self.left))\" y1=\"\(y)\" x2=\"\(Self.number(Self.left + plotWidth))\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>\n"
            out += "<text x=\"\(Self.number(Self.left - 8))\" y=\"\(Self.number(py(tick) + 4))\" font-size=\"12\" fill=\"#333\" text-anchor=\"end\">\(ChartAxis.label(tick))</text>\n"
        }
        let yTitle = yLabel + (axis.isLogarithmic ? " (log scale)" : "")
        let yMiddle = Self.number(Self.top + Self.plotHeight / 2)
        out += "<text x=\"20\" y=\"\(yMiddle)\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\" transform=\"rotate(-90 20 \(yMiddle))\">\(LineChart.escaped(yTitle))</text>\n"
        let groupWidth = plotWidth / Double(Swift.max(1, groups.count))
        let barWidth = Swift.min(28, groupWidth * 0.8 / Double(Swift.max(1, stores.count)))
        for (groupIndex, group) in groups.enumerated() {
            let start = Self.left + Double(groupIndex) * groupWidth + (groupWidth - barWidth * Double(stores.count)) / 2
            for bar in group.bars {
                guard let slot = stores.firstIndex(of: bar.store), bar.value.isFinite else { continue }
                let color = Self.colors[slot % Self.colors.count]
                let x = start + Double(slot) * barWidth
                let top = py(bar.value), base = py(axis.isLogarithmic ? axis.low : 0)
                out += "<rect x=\"\(Self.number(x + 1))\" y=\"\(Self.number(Swift.min(top, base)))\" width=\"\(Self.number(barWidth - 2))\" height=\"\(Self.number(abs(base - top)))\" fill=\"\(color)\" fill-opacity=\"\(bar.isFavoured ? "0.9" : "0.35")\" stroke=\"\(color)\"/>\n"
                if bar.low.isFinite, bar.high.isFinite, bar.low != bar.high {
                    let middle = Self.number(x + barWidth / 2)
                    out += "<line x1=\"\(middle)\" y1=\"\(Self.number(py(bar.low)))\" x2=\"\(middle)\" y2=\"\(Self.number(py(bar.high)))\" stroke=\"#222\" stroke-width=\"1.5\"/>\n"
                }
            }
            for mark in group.marks where mark.value.isFinite {
                let y = Self.number(py(mark.value))
                out += "<line x1=\"\(Self.number(start - 6))\" y1=\"\(y)\" x2=\"\(Self.number(start + barWidth * Double(stores.count) + 6))\" y2=\"\(y)\" stroke=\"#444\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\n"
                out += "<text x=\"\(Self.number(start - 6))\" y=\"\(Self.number(py(mark.value) - 4))\" font-size=\"11\" fill=\"#444\">\(LineChart.escaped(mark.label))</text>\n"
            }
            let labelX = Self.number(Self.left + (Double(groupIndex) + 0.5) * groupWidth)
            out += "<text x=\"\(labelX)\" y=\"\(Self.number(Self.top + Self.plotHeight + 18))\" font-size=\"11\" fill=\"#333\" text-anchor=\"middle\">\(LineChart.escaped(group.label))</text>\n"
        }
        out += "<rect x=\"\(Self.number(Self.left))\" y=\"\(Self.number(Self.top))\" width=\"\(Self.number(plotWidth))\" height=\"\(Self.number(Self.plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
        // The stores, three to a line under the plot.
        for (slot, store) in stores.enumerated() {
            let x = Self.left + Double(slot % 3) * 230
            let y = Self.top + Self.plotHeight + 44 + Double(slot / 3) * 18
            out += "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y - 10))\" width=\"12\" height=\"12\" fill=\"\(Self.colors[slot % Self.colors.count])\"/>\n"
            out += "<text x=\"\(Self.number(x + 18))\" y=\"\(Self.number(y))\" font-size=\"12\" fill=\"#222\">\(LineChart.escaped(store))</text>\n"
        }
        return out + "</svg>\n"
    }

    private static func number(_ value: Double) -> String { ChartCanvas.number(value) }
}
