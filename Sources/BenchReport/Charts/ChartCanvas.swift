import Foundation

/// What every chart of the report shares: the palette, how numbers are
/// written, text wrapped to fit where it goes, and the opening of the SVG
/// with its title and subtitles.
enum ChartCanvas {
    /// One color per store for up to eight stores (Okabe-Ito, told apart
    /// also by readers with color blindness).
    static let colors = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#999933"]

    /// Average advance of a Helvetica glyph as a fraction of its size,
    /// rounded up: what wrapping assumes a line takes.
    static let advance = 0.6

    /// Coordinates with one decimal: small files, identical bytes on every run.
    static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    /// The width `text` takes at `size`, as wrapping estimates it.
    static func width(_ text: String, size: Double) -> Double {
        Double(text.count) * size * advance
    }

    /// `text` broken at spaces into lines no wider than `width` at `size`,
    /// at most `lines` of them; a word too long for a line, or what does not
    /// fit the last line, is cut with "…".
    static func wrapped(_ text: String, width: Double, size: Double, lines limit: Int = 3) -> [String] {
        let capacity = max(4, Int(width / (size * advance)))
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if candidate.count <= capacity {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = word.count <= capacity ? word : String(word.prefix(capacity - 1)) + "…"
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > limit else { return lines }
        var kept = Array(lines.prefix(limit))
        kept[limit - 1] = String((kept[limit - 1] + " " + lines[limit]).prefix(capacity - 1)) + "…"
        return kept
    }

    /// The SVG element, a white background, the title and the subtitles,
    /// starting at `left` and wrapped to the canvas; returns them and where
    /// they end, for the plot to start below.
    static func opening(
        width: Double, height: Double, left: Double, title: String, subtitles: [String]
    ) -> (svg: String, bottom: Double) {
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))" font-family="Helvetica, Arial, sans-serif">
            <rect width="100%" height="100%" fill="#ffffff"/>

            """
        let room = width - left - 16
        var y = 24.0
        for line in wrapped(title, width: room, size: 16, lines: 2) {
            out +=
                "<text x=\"\(number(left))\" y=\"\(number(y))\" font-size=\"16\" font-weight=\"bold\" fill=\"#222\">\(LineChart.escaped(line))</text>\n"
            y += 20
        }
        y -= 1
        for subtitle in subtitles {
            for line in wrapped(subtitle, width: room, size: 12, lines: 3) {
                out +=
                    "<text x=\"\(number(left))\" y=\"\(number(y))\" font-size=\"12\" fill=\"#555\">\(LineChart.escaped(line))</text>\n"
                y += 16
            }
        }
        return (out, y - 16)
    }

    /// The y axis's title, turned a quarter along the plot's left edge and
    /// wrapped to the plot's height, one or two lines, in the largest size
    /// from 13 down to 9 that fits it whole.
    static func yTitle(_ title: String, middle: Double, height: Double) -> String {
        let size =
            stride(from: 13.0, through: 9, by: -1).first { size in
                !wrapped(title, width: height, size: size, lines: 2).contains { $0.hasSuffix("…") }
            } ?? 9
        let lines = wrapped(title, width: height, size: size, lines: 2)
        return lines.enumerated().map { index, line in
            let x = number(18 + (size + 2) * Double(index))
            let y = number(middle)
            return
                "<text x=\"\(x)\" y=\"\(y)\" font-size=\"\(number(size))\" fill=\"#222\" text-anchor=\"middle\" transform=\"rotate(-90 \(x) \(y))\">\(LineChart.escaped(line))</text>\n"
        }.joined()
    }
}
