import Foundation

/// What every chart of the report shares: the palette, how numbers are
/// written, and the opening of the SVG with its title and subtitles.
enum ChartCanvas {
    /// One color per store for up to eight stores (Okabe-Ito, told apart
    /// also by readers with color blindness).
    static let colors = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#999933"]

    /// Coordinates with one decimal: small files, identical bytes on every run.
    static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// The SVG element, a white background, the title and the subtitles,
    /// starting at `left`.
    static func opening(width: Double, height: Double, left: Double, title: String, subtitles: [String]) -> String {
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
        viewBox="0 0 \(number(width)) \(number(height))" font-family="Helvetica, Arial, sans-serif">
        <rect width="100%" height="100%" fill="#ffffff"/>
        <text x="\(number(left))" y="24" font-size="16" font-weight="bold" fill="#222">\(LineChart.escaped(title))</text>

        """
        for (index, line) in subtitles.enumerated() {
            out += "<text x=\"\(number(left))\" y=\"\(number(43 + Double(index) * 16))\" font-size=\"12\" fill=\"#555\">\(LineChart.escaped(line))</text>\n"
        }
        return out
    }
}
