import BenchTestSupport
import Foundation
import Testing

@testable import BenchResults

@Suite("Results files")
struct ResultsFileTests {
    static func smallRun() throws -> RunResult { try TinyPlans.smallRun() }

    @Test("results.json round-trips exactly")
    func roundTrip() throws {
        let run = try Self.smallRun()
        let decoded = try RunResult.decode(run.json(), path: "results.json")
        #expect(decoded == run)
        #expect(decoded.json() == run.json())
        #expect(decoded.schemaVersion == RunResult.currentSchemaVersion)
    }

    @Test("a descriptor says it counted several threads only where it did, and reads back")
    func acrossThreadsCoded() throws {
        var metric = MetricDescriptor(
            id: "op.instructions", label: "op instructions", unit: .perOperation, kind: .instructions)
        let oneThread = String(decoding: try JSONEncoder().encode(metric), as: UTF8.self)
        #expect(!oneThread.contains("acrossThreads"), "results of one thread are written as before")
        #expect(try JSONDecoder().decode(MetricDescriptor.self, from: Data(oneThread.utf8)) == metric)
        metric.acrossThreads = true
        let several = try JSONEncoder().encode(metric)
        #expect(String(decoding: several, as: UTF8.self).contains("\"acrossThreads\":true"))
        #expect(try JSONDecoder().decode(MetricDescriptor.self, from: several) == metric)
    }

    @Test("a truncated, empty, foreign or newer file is refused in one line")
    func badFiles() throws {
        let json = try Self.smallRun().json()
        let newer = String(decoding: json, as: UTF8.self)
            .replacingOccurrences(
                of: "\"schemaVersion\" : \(RunResult.currentSchemaVersion)", with: "\"schemaVersion\" : 99")
        let cases: [(Data, String)] = [
            (json.prefix(json.count / 2), "not valid JSON"),
            (Data(), "empty"),
            (Data("{\"hello\": 1}".utf8), "no schemaVersion"),
            (Data(newer.utf8), "schema version 99"),
            (Data("{\"schemaVersion\": \(RunResult.currentSchemaVersion)}".utf8), "missing"),
            (Data(Self.replacingFirstUnit(of: json, with: "furlongs").utf8), "unexpected value at .cases[0]"),
        ]
        for (data, expected) in cases {
            do {
                _ = try RunResult.decode(data, path: "baseline.json")
                Issue.record("decoded a bad file (\(expected))")
            } catch {
                #expect(error.description.contains(expected), "\(error.description)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    /// The file with its first metric's unit spelt `unit`.
    static func replacingFirstUnit(of json: Data, with unit: String) -> String {
        let text = String(decoding: json, as: UTF8.self)
        guard let range = text.range(of: #""unit" : "[^"]*""#, options: .regularExpression) else { return text }
        return text.replacingCharacters(in: range, with: "\"unit\" : \"\(unit)\"")
    }

    @Test("every unit reads back as written, and converts between times only")
    func units() throws {
        for unit in MetricUnit.allCases {
            let metric = MetricDescriptor(id: "op.p50", label: "op", unit: unit, kind: .timing)
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let text = String(decoding: try encoder.encode(metric), as: UTF8.self)
            #expect(text.contains("\"unit\":\"\(unit.rawValue)\""), "\(text)")
            #expect(try JSONDecoder().decode(MetricDescriptor.self, from: Data(text.utf8)).unit == unit)
        }
        #expect(abs((MetricUnit.convert(16.7, from: .milliseconds, to: .microseconds) ?? 0) - 16_700) < 1e-6)
        #expect(abs((MetricUnit.convert(2, from: .seconds, to: .nanoseconds) ?? 0) - 2e9) < 1e-3)
        #expect(MetricUnit.convert(1, from: .percent, to: .nanoseconds) == nil)
        #expect(MetricUnit.microseconds.fromNanoseconds(1_500) == 1.5)
        #expect("\(MetricUnit.perOperation)" == "per op")
    }

    @Test("the CSV has a row per case, store and metric")
    func csvRows() throws {
        let run = try Self.smallRun()
        let lines = String(decoding: run.csv(), as: UTF8.self).split(separator: "\n")
        let metrics = run.cases.reduce(0) { $0 + $1.stores.reduce(0) { $0 + $1.metrics.count } }
        #expect(lines.count == metrics + 1)
        #expect(lines[0].hasPrefix("scenario,case,store,metric"))
    }

    @Test("files are replaced whole: a write leaves no temporary file behind")
    func atomicWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("msb-\(UUID().uuidString)")
        try AtomicFile.prepareDirectory(directory)
        let target = directory.appendingPathComponent("results.json")
        try AtomicFile.write(Data("first".utf8), to: target)
        try AtomicFile.write(Data("second".utf8), to: target)
        #expect(try String(contentsOf: target, encoding: .utf8) == "second")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["results.json"])
        try? FileManager.default.removeItem(at: directory)
    }
}
