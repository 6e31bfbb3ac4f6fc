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
    }

    let title: String
    /// Lines under the title: the fixed parameters, how to read the chart.
    let subtitles: [String]
    let xLabel: String
    let yLabel: String
    let series: [Series]

    static let width = 820.0, height = 440.0
    /// The right margin holds the legend: room for a 20-character store name.
    private static let left = 86.0, right = 196.0, top = 74.0, bottom = 62.0
    /// One color and marker per store for up to eight stores (Okabe-Ito,
    /// told apart also by readers with color blindness).
    private static let colors = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#999933"]
    private static let markers = ["circle", "square", "diamond", "triangle", "circle", "square", "diamond", "triangle"]

    func svg() -> String {
        let xs = series.flatMap { $0.points.map(\.x) }
        let ys = series.flatMap { $0.points.flatMap { [$0.y, $0.low, $0.high] } }
        let xAxis = ChartAxis(covering: xs, fromZero: false)
        let yAxis = ChartAxis(covering: ys, fromZero: true)
        let plotWidth = Self.width - Self.left - Self.right, plotHeight = Self.height - Self.top - Self.bottom
        func px(_ x: Double) -> Double { Self.left + xAxis.fraction(x) * plotWidth }
        func py(_ y: Double) -> Double { Self.top + (1 - yAxis.fraction(y)) * plotHeight }

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(Self.width))" height="\(Self.number(Self.height))" \
        viewBox="0 0 \(Self.number(Self.width)) \(Self.number(Self.height))" font-family="Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(Self.number(Self.left))" y="24" font-size="16" font-weight="bold" fill="#222">\(Self.escaped(title))</text>

        """
        for (index, line) in subtitles.enumerated() {
            let y = Self.number(43 + Double(index) * 16)
            out += "<text x=\"\(Self.number(Self.left))\" y=\"\(y)\" font-size=\"12\" fill=\"#555\">\(Self.escaped(line))</text>\n"
        }
        // Grid and tick labels.
        for tick in xAxis.ticks {
            let x = Self.number(px(tick))
            out += "<line x1=\"\(x)\" y1=\"\(Self.number(Self.top))\" x2=\"\(x)\" y2=\"\(Self.number(Self.top + plotHeight))\" stroke=\"#e4e4e4\"/>\n"
            out += "<text x=\"\(x)\" y=\"\(Self.number(Self.top + plotHeight + 18))\" font-size=\"12\" fill=\"#333\" text-anchor=\"middle\">\(ChartAxis.label(tick))</text>\n"
        }
        for tick in yAxis.ticks {
            let y = Self.number(py(tick))
            out += "<line x1=\"\(Self.number(Self.left))\" y1=\"\(y)\" x2=\"\(Self.number(Self.left + plotWidth))\" y2=\"\(y)\" stroke=\"#e4e4e4\"/>\n"
            out += "<text x=\"\(Self.number(Self.left - 8))\" y=\"\(Self.number(py(tick) + 4))\" font-size=\"12\" fill=\"#333\" text-anchor=\"end\">\(ChartAxis.label(tick))</text>\n"
        }
        out += "<rect x=\"\(Self.number(Self.left))\" y=\"\(Self.number(Self.top))\" width=\"\(Self.number(plotWidth))\" height=\"\(Self.number(plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
        // Axis titles, scale named when logarithmic.
        let xTitle = xLabel + (xAxis.isLogarithmic ? " (log scale)" : "")
        let yTitle = yLabel + (yAxis.isLogarithmic ? " (log scale)" : "")
        out += "<text x=\"\(Self.number(Self.left + plotWidth / 2))\" y=\"\(Self.number(Self.height - 16))\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\">\(Self.escaped(xTitle))</text>\n"
        let yMiddle = Self.number(Self.top + plotHeight / 2)
        out += "<text x=\"20\" y=\"\(yMiddle)\" font-size=\"13\" fill=\"#222\" text-anchor=\"middle\" transform=\"rotate(-90 20 \(yMiddle))\">\(Self.escaped(yTitle))</text>\n"
        // Bands first, so that every line is drawn over them.
        for (index, line) in series.enumerated() where line.points.contains(where: { $0.low != $0.high }) {
            let upper = line.points.map { "\(Self.number(px($0.x))),\(Self.number(py($0.high)))" }
            let lower = line.points.reversed().map { "\(Self.number(px($0.x))),\(Self.number(py($0.low)))" }
            let color = Self.colors[index % Self.colors.count]
            out += "<polygon points=\"\((upper + lower).joined(separator: " "))\" fill=\"\(color)\" fill-opacity=\"0.18\"/>\n"
        }
        // Lines, markers and the legend.
        for (index, line) in series.enumerated() {
            let color = Self.colors[index % Self.colors.count]
            let path = line.points.map { "\(Self.number(px($0.x))),\(Self.number(py($0.y)))" }.joined(separator: " ")
            out += "<polyline points=\"\(path)\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
            for point in line.points {
                out += Self.marker(Self.markers[index % Self.markers.count], px(point.x), py(point.y), color) + "\n"
            }
            let legendY = Self.top + 14 + Double(index) * 22
            let legendX = Self.left + plotWidth + 16
            out += "<line x1=\"\(Self.number(legendX))\" y1=\"\(Self.number(legendY))\" x2=\"\(Self.number(legendX + 24))\" y2=\"\(Self.number(legendY))\" stroke=\"\(color)\" stroke-width=\"2.5\"/>\n"
            out += Self.marker(Self.markers[index % Self.markers.count], legendX + 12, legendY, color) + "\n"
            out += "<text x=\"\(Self.number(legendX + 32))\" y=\"\(Self.number(legendY + 4))\" font-size=\"13\" fill=\"#222\">\(Self.escaped(line.name))</text>\n"
        }
        return out + "</svg>\n"
    }

    private static func marker(_ shape: String, _ x: Double, _ y: Double, _ color: String) -> String {
        switch shape {
        case "square":
            return "<rect x=\"\(number(x - 4))\" y=\"\(number(y - 4))\" width=\"8\" height=\"8\" fill=\"\(color)\"/>"
        case "diamond":
            return "<polygon points=\"\(number(x)),\(number(y - 5)) \(number(x + 5)),\(number(y)) \(number(x)),\(number(y + 5)) \(number(x - 5)),\(number(y))\" fill=\"\(color)\"/>"
        case "triangle":
            return "<polygon points=\"\(number(x)),\(number(y - 5)) \(number(x + 5)),\(number(y + 4)) \(number(x - 5)),\(number(y + 4))\" fill=\"\(color)\"/>"
        default:
            return "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"4\" fill=\"\(color)\"/>"
        }
    }

    /// Coordinates with one decimal: small files, identical bytes on every run.
    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
