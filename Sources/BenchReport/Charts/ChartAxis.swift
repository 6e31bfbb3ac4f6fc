import Foundation

/// One axis of a chart: its range, scale and ticks.
struct ChartAxis {
    let low: Double
    let high: Double
    let isLogarithmic: Bool
    let ticks: [Double]

    /// A range spanning more than this factor is drawn on a log scale.
    static let logarithmicSpan = 20.0

    /// An axis covering `values`; linear ones start at zero when `fromZero`.
    /// `linear` keeps a wide range linear: shares, whose top is 100%.
    init(covering values: [Double], fromZero: Bool, linear: Bool = false) {
        let positive = values.filter { $0 > 0 }
        let minimum = values.min() ?? 0, maximum = values.max() ?? 1
        if !linear, positive.count == values.count, let smallest = positive.min(),
            maximum / smallest >= Self.logarithmicSpan
        {
            isLogarithmic = true
            low = pow(10, floor(log10(smallest)))
            high = pow(10, ceil(log10(maximum)))
            ticks = Self.logarithmicTicks(low, high)
        } else {
            isLogarithmic = false
            let step = Self.niceStep((maximum - (fromZero ? 0 : minimum)) / 5)
            low = fromZero ? 0 : floor(minimum / step) * step
            high = max(low + step, ceil(maximum / step) * step)
            ticks = stride(from: low, through: high + step / 2, by: step).map { $0 }
        }
    }

    /// Where `value` falls, from 0 (low) to 1 (high).
    func fraction(_ value: Double) -> Double {
        if isLogarithmic { return (log10(value) - log10(low)) / (log10(high) - log10(low)) }
        return (value - low) / (high - low)
    }

    /// Powers of ten; with 1, 2 and 5 between them when there are few.
    private static func logarithmicTicks(_ low: Double, _ high: Double) -> [Double] {
        var decades: [Double] = []
        var power = low
        while power <= high * 1.000001 {
            decades.append(power)
            power *= 10
        }
        guard decades.count <= 3 else { return decades }
        return decades.flatMap { [$0, 2 * $0, 5 * $0] }.filter { $0 <= high * 1.000001 }
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    private static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = pow(10, floor(log10(rough)))
        for factor in [1.0, 2, 5, 10] where factor * power >= rough { return factor * power }
        return 10 * power
    }

    /// A short tick label: 1k, 2.5M, 0.5.
    static func label(_ value: Double) -> String {
        let magnitude = abs(value)
        func trimmed(_ number: Double, _ suffix: String) -> String {
            let text = String(format: "%.1f", number)
            return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + suffix
        }
        if magnitude >= 1e9 { return trimmed(value / 1e9, "G") }
        if magnitude >= 1e6 { return trimmed(value / 1e6, "M") }
        if magnitude >= 1e3 { return trimmed(value / 1e3, "k") }
        if magnitude >= 1 || magnitude == 0 { return trimmed(value, "") }
        return String(format: "%.2g", value)
    }
}
