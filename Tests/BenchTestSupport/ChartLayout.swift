import Foundation

/// Where an SVG chart's text lands, estimated as a reader's browser draws it
/// (Helvetica at the given size): what a chart test checks stays on the
/// canvas and clear of other text.
package struct ChartLayout {
    package struct Label: CustomStringConvertible {
        package let text: String
        package let left: Double, right: Double, top: Double, bottom: Double
        /// Turned a quarter, as a y axis's title: its box is upright.
        package let isRotated: Bool

        package var description: String {
            "\"\(text)\" [\(Int(left))–\(Int(right)) × \(Int(top))–\(Int(bottom))]"
        }

        func overlaps(_ other: Label) -> Bool {
            // A pixel of touching is not an overlap.
            min(right, other.right) - max(left, other.left) > 1 && min(bottom, other.bottom) - max(top, other.top) > 1
        }
    }

    package let width: Double
    package let height: Double
    package let labels: [Label]

    /// Average advance of a Helvetica glyph, as a fraction of its size, a
    /// little wide so that the estimate errs toward finding a clash.
    static let advance = 0.58

    package init?(svg: String) {
        guard let width = Self.attribute("width", in: svg), let height = Self.attribute("height", in: svg) else {
            return nil
        }
        self.width = width
        self.height = height
        var labels: [Label] = []
        var rest = svg[...]
        while let open = rest.range(of: "<text "),
            let close = rest.range(of: "</text>", range: open.upperBound..<rest.endIndex)
        {
            let element = String(rest[open.lowerBound..<close.lowerBound])
            rest = rest[close.upperBound...]
            guard let tagEnd = element.firstIndex(of: ">") else { continue }
            let tag = String(element[..<tagEnd])
            let text = Self.unescaped(String(element[element.index(after: tagEnd)...]))
            guard let x = Self.attribute("x", in: tag), let y = Self.attribute("y", in: tag) else { continue }
            let size = Self.attribute("font-size", in: tag) ?? 12
            let length = Double(text.count) * size * Self.advance
            let rotated = tag.contains("rotate(")
            if rotated {
                // rotate(-90 x y): the text runs upward, centred on y when anchored in the middle.
                labels.append(
                    Label(
                        text: text, left: x - size, right: x, top: y - length / 2, bottom: y + length / 2,
                        isRotated: true))
                continue
            }
            let left: Double
            if tag.contains("text-anchor=\"middle\"") {
                left = x - length / 2
            } else if tag.contains("text-anchor=\"end\"") {
                left = x - length
            } else {
                left = x
            }
            labels.append(
                Label(
                    text: text, left: left, right: left + length, top: y - size * 0.8,
                    bottom: y + size * 0.2, isRotated: false))
        }
        self.labels = labels
    }

    /// Labels that leave the canvas, and pairs of labels that overlap.
    package var problems: [String] {
        var found: [String] = []
        for label in labels where label.left < 0 || label.right > width || label.top < 0 || label.bottom > height {
            found.append("off the \(Int(width))×\(Int(height)) canvas: \(label)")
        }
        for (index, label) in labels.enumerated() {
            for other in labels[(index + 1)...] where label.overlaps(other) {
                found.append("overlapping: \(label) and \(other)")
            }
        }
        return found
    }

    private static func attribute(_ name: String, in text: String) -> Double? {
        guard let start = text.range(of: " \(name)=\"") else { return nil }
        let value = text[start.upperBound...].prefix { $0 != "\"" }
        return Double(value)
    }

    private static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
