import BenchResults
import Foundation

/// How numbers appear in tables: enough digits to compare, no more.
enum NumberFormat {
    static func value(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : "∞" }
        let magnitude = abs(value)
        if magnitude == 0 { return "0" }
        if magnitude >= 100_000 { return grouped(value.rounded()) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        if magnitude >= 1 { return String(format: "%.2f", value) }
        if magnitude >= 0.01 { return String(format: "%.3f", value) }
        return String(format: "%.2g", value)
    }

    static func ratio(_ ratio: Double) -> String {
        guard ratio.isFinite else { return ratio.isNaN ? "–" : "∞" }
        if ratio == 0 { return "0×" }
        if ratio >= 100 { return String(format: "%.0f×", ratio) }
        if ratio >= 10 { return String(format: "%.1f×", ratio) }
        return String(format: "%.2f×", ratio)
    }

    /// How many times the best a store is: "×3.2", "×120", "×∞".
    static func factor(_ factor: Double) -> String {
        guard factor.isFinite else { return factor.isNaN ? "" : "×∞" }
        if factor >= 100 { return String(format: "×%.0f", factor) }
        if factor >= 10 { return String(format: "×%.1f", factor) }
        return String(format: "×%.2f", factor)
    }

    /// A duration: "412 s", or "1 h 3 min" past an hour.
    static func seconds(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return value(seconds) + " s" }
        let whole = Int(seconds.rounded())
        return whole < 3_600 ? "\(whole) s" : "\(whole / 3_600) h \(whole % 3_600 / 60) min"
    }

    /// A duration in words: "9 min 26 s", "48 s", or "1 h 3 min" past an hour.
    static func minutes(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return value(seconds) + " s" }
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        return whole < 3_600 ? "\(whole / 60) min \(whole % 60) s" : "\(whole / 3_600) h \(whole % 3_600 / 60) min"
    }

    /// Thousands separated; past what a count can reach, in scientific
    /// notation (never a conversion that traps).
    static func grouped(_ value: Double) -> String {
        guard abs(value) < 1e15 else { return String(format: "%.3g", value) }
        let digits = String(Int64(abs(value)))
        var result = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + String(result.reversed())
    }
}
