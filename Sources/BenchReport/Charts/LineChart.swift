import Foundation

/// A line chart as standalone SVG: one line per series over a band of its
/// spread, labelled axes, log scales where the data spans more than
/// `ChartAxis.logarithmicSpan`.
/// Plain SVG 1.1 with no script or external font, so GitHub and browsers
/// show it as an image.
struct LineChart {
    /// A value at `x`, and the range its band covers there.
    struct Point {
        let x: Double
        let y: Double
        let low: Double
        let high: Double
    }

    struct Series {
        let name: String
        let points: [Point]
        /// An upper bound: drawn thin and dotted, without a band, marked `*`.
        var isUpperBound = false
    }

    /// A horizontal line across the plot at `y`: a budget, a bound.
    struct Reference {
        let y: Double
        let label: String
    }

    let title: String
    /// Lines under the title: the fixed parameters, how to read the chart.
    let subtitles: [String]
    let xLabel: String
    let yLabel: String
    let series: [Series]
    var references: [Reference] = []
    /// Keeps the y axis linear however wide its range: for shares.
    var linearY = false

    static let width = 820.0, height = 440.0
    /// The right margin holds the legend: room for a 20-character store name.
    private static let left = 86.0, right = 196.0, bottom = 62.0
    /// One color (`ChartCanvas.colors`) and marker per store for up to eight stores (Okabe-Ito,
    /// told apart also by readers with color blindness).
    private static let colors = ChartCanvas.colors
    private static let markers = ["circle", "square", "diamond", "triangle", "circle", "square", "diamond", "triangle"]
    /// A dash pattern per store as well, so lines that coincide stay told apart.
    private static let dashes = ["", "8 4", "2 3", "10 3 2 3", "4 4", "1 4", "12 6", "6 2 2 2"]
    /// Vertical room a direct label needs.
    private static let labelSpacing = 15.0

    func svg() -> String {
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.flatMap { [$0.y, $0.low, $0.high] } } + references.map(\.y)
        let xAxis = ChartAxis(covering: xs, fromZero: false)
        let yAxis = ChartAxis(covering: ys, fromZero: true, linear: linearY)
        let bounds = series.contains(where: \.isUpperBound)
        let opening = ChartCanvas.opening(
            width: Self.width, height: Self.height, left: Self.left, title: title,
            subtitles: subtitles + (bounds ? ["*: an upper bound, drawn dotted: it bounds its family"] : []))
        var out = opening.svg
        let top = max(74, opening.bottom + 18)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - top - Self.bottom
        func px(_ x: Double) -> Double { Self.left + xAxis.fraction(x) * plotWidth }
        func py(_ y: Double) -> Double { top + (1 - yAxis.fraction(y)) * plotHeight }
        // Grid and tick labels.
        var lastTickEnd = -Double.infinity
        for tick in xAxis.ticks {
            let x = Self.number(px(tick))
            out +=
                "<line x1=\"\(x)\" y1=\"\(Self.number(top))\" x2=\"\(x)\" y2=\"\(Self.number(top + plotHeight))\" stroke=\"#e4e4e4\"/>\n"
            // A tick label that would run into the last one is left out.
            let label = ChartAxis.label(tick), half = ChartCanvas.width(label, size: 12) / 2
            guard px(tick) - half > lastTickEnd + 4 else { continue }
            lastTickEnd = px(tick) + half
            out +=
                "<text x=\"\(x)\" y=\"\(Self.number(top + plotHeight + 18))\" font-size=\"12\" fill=\"#333\" text-anchor=\"middle\">\(label)</text>\n"
        }
        for tick in yAxis.ticks {
            let y = Self.number(py(tick))
            out +=
                "<line x1=\"\(Self.number(Self.left))\" y1=\"\(y)\" x2=\"\(Self.number(Self.left + plotWidth))\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>\n"
            out +=
                "<text x=\"\(Self.number(Self.left - 8))\" y=\"\(Self.number(py(tick) + 4))\" font-size=\"12\" fill=\"#333\" text-anchor=\"end\">\(ChartAxis.label(tick))</text>\n"
        }
        out +=
            "<rect x=\"\(Self.number(Self.left))\" y=\"\(Self.number(top))\" width=\"\(Self.number(plotWidth))\" height=\"\(Self.number(plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
        // Axis titles, scale named when logarithmic.
        let xTitle = xLabel + (xAxis.isLogarithmic ? " (log scale)" : "")
        let yTitle = yLabel + (yAxis.isLogarithmic ? " (log scale)" : "")
        let xTitleLine = ChartCanvas.wrapped(xTitle, width: plotWidth + Self.right - 16, size: 13, lines: 1)[0]
        out +=
            "<text x=\"\(Self.number(Self.left + plotWidth / 2))\" y=\"\(Self.number(Self.height - 16))\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\">\(Self.escaped(xTitleLine))</text>\n"
        out += ChartCanvas.yTitle(yTitle, middle: top + plotHeight / 2, height: plotHeight)
        out += referenceLines(py: py, plotWidth: plotWidth)
        // Bands first, so that every line is drawn over them.
        for (index, line) in series.enumerated()
        where !line.isUpperBound && line.points.contains(where: { $0.low != $0.high }) {
            let upper = line.points.map { "\(Self.number(px($0.x))),\(Self.number(py($0.high)))" }
            let lower = line.points.reversed().map { "\(Self.number(px($0.x))),\(Self.number(py($0.low)))" }
            let color = Self.colors[index % Self.colors.count]
            out +=
                "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(color)\" fill-opacity=\"0.18\"/>\n"
        }
        // Lines (each its own color, dash and marker), then each labelled
        // directly at its last point, labels spread apart where lines meet.
        for (index, line) in series.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let path = line.points.map { "\(Self.number(px($0.x))),\(Self.number(py($0.y)))" }.joined(separator: " ")
            let dash = line.isUpperBound ? "1 3" : Self.dashes[index % Self.dashes.count]
            out +=
                "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"\(line.isUpperBound ? "1.5" : "2.5")\""
                + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + "/>\n"
            for point in line.points {
                out += Self.marker(Self.markers[index % Self.markers.count], px(point.x), py(point.y), color) + "\n"
            }
        }
        out += endLabels(py: py, top: top, plotWidth: plotWidth)
        return out + "</svg>\n"
    }

    /// Budgets and bounds, dashed grey, labelled at the left of the plot; a
    /// label that would sit on another moves right.
    private func referenceLines(py: (Double) -> Double, plotWidth: Double) -> String {
        var out = ""
        var placed: [(y: Double, right: Double)] = []
        for reference in references {
            let y = Self.number(py(reference.y))
            out +=
                "<line x1=\"\(Self.number(Self.left))\" y1=\"\(y)\" x2=\"\(Self.number(Self.left + plotWidth))\" y2=\"\(y)\" stroke=\"#444\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\n"
            let labelY = py(reference.y) - 5
            let x = placed.filter { abs($0.y - labelY) < 14 }.map { $0.right + 12 }.max() ?? Self.left + 6
            placed.append((labelY, x + ChartCanvas.width(reference.label, size: 12)))
            out +=
                "<text x=\"\(Self.number(x))\" y=\"\(Self.number(labelY))\" font-size=\"12\" fill=\"#444\">\(Self.escaped(reference.label))</text>\n"
        }
        return out
    }

    /// Each line labelled at its last point, the labels spread apart where
    /// lines meet, each joined to its line's end.
    private func endLabels(py: (Double) -> Double, top: Double, plotWidth: Double) -> String {
        var out = ""
        let ends = series.enumerated().compactMap { index, line in line.points.last.map { (index, py($0.y)) } }
        let labelX = Self.left + plotWidth + 10
        for (index, endY, labelY) in Self.spread(ends, top: top) {
            let color = Self.colors[index % Self.colors.count]
            let dash = series[index].isUpperBound ? "1 3" : Self.dashes[index % Self.dashes.count]
            out +=
                "<line x1=\"\(Self.number(Self.left + plotWidth))\" y1=\"\(Self.number(endY))\" x2=\"\(Self.number(labelX + 22))\" y2=\"\(Self.number(labelY))\" stroke=\"\(color)\" stroke-width=\"1.5\""
                + (dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\"") + "/>\n"
            out += Self.marker(Self.markers[index % Self.markers.count], labelX + 22, labelY, color) + "\n"
            let name = series[index].name + (series[index].isUpperBound ? " *" : "")
            out +=
                "<text x=\"\(Self.number(labelX + 30))\" y=\"\(Self.number(labelY + 4))\" font-size=\"13\" fill=\"#222\">\(Self.escaped(name))</text>\n"
        }
        return out
    }

    /// Each line's label position: at its end's height, pushed apart so that
    /// no two labels are closer than `labelSpacing`, kept within the chart.
    private static func spread(
        _ ends: [(index: Int, y: Double)], top: Double
    ) -> [(index: Int, endY: Double, labelY: Double)] {
        let sorted = ends.sorted { $0.y < $1.y || ($0.y == $1.y && $0.index < $1.index) }
        var placed: [(index: Int, endY: Double, labelY: Double)] = []
        for end in sorted {
            let floor = placed.last.map { $0.labelY + labelSpacing } ?? top
            placed.append((end.index, end.y, Swift.max(end.y, floor)))
        }
        // Labels pushed past the bottom move back up together.
        let overflow = (placed.last?.labelY ?? 0) - (height - 20)
        if overflow > 0 { placed = placed.map { ($0.index, $0.endY, $0.labelY - overflow) } }
        return placed
    }

    private static func marker(_ shape: String, _ x: Double, _ y: Double, _ color: String) -> String {
        switch shape {
        case "square":
            return "<rect x=\"\(number(x - 4))\" y=\"\(number(y - 4))\" width=\"8\" height=\"8\" fill=\"\(color)\"/>"
        case "diamond":
            return
                "<polygon points=\"\(number(x)),\(number(y - 5)) \(number(x + 5)),\(number(y)) \(number(x)),\(number(y + 5)) \(number(x - 5)),\(number(y))\" fill=\"\(color)\"/>"
        case "triangle":
            return
                "<polygon points=\"\(number(x)),\(number(y - 5)) \(number(x + 5)),\(number(y + 4)) \(number(x - 5)),\(number(y + 4))\" fill=\"\(color)\"/>"
        default:
            return "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"4\" fill=\"\(color)\"/>"
        }
    }

    private static func number(_ value: Double) -> String { ChartCanvas.number(value) }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
