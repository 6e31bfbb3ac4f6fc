import BenchResults
import BenchTestSupport
import Testing

@testable import BenchReport

@Suite("Reports of a run")
struct ReportRenderingTests {
    @Test("the Markdown report and the terminal tables show every case and store")
    func reports() throws {
        let run = try TinyPlans.smallRun()
        let markdown = MarkdownReport.render(run)
        let terminal = TerminalReport.render(run)
        for result in run.cases {
            #expect(markdown.contains("### \(result.label)"))
            #expect(terminal.contains(result.label))
        }
        #expect(markdown.contains("## Summary"))
        #expect(markdown.contains("## Machine"))
        for store in run.stores { #expect(terminal.contains(store)) }
    }

    @Test("a joined run's header says it was measured in pieces, from when to when, on hosts of one speed")
    func joinedHeader() throws {
        var first = SyntheticRun.run(), second = SyntheticRun.run()
        first.cases.removeLast()
        second.cases.removeFirst()
        first.provenance.date = "2026-11-28T10:00:00Z"
        second.provenance.date = "2026-11-29T09:00:00Z"
        second.harness.clock.overheadNanoseconds = 35
        let header = MarkdownReport.header(try RunResult.joining([first, second]), verification: nil)
        #expect(
            header.contains(
                "Measured in 2 runs of a few scenarios each, from 2026-11-28T10:00:00Z to 2026-11-29T09:00:00Z"))
        #expect(header.contains("read the clock in 30.0 to 35.0 ns"))
        #expect(!MarkdownReport.header(first, verification: nil).contains("Measured in"))
    }

    @Test("the README states how long a published run took as its results record it, or that they do not")
    func runTime() {
        var run = SyntheticRun.run()
        run.wallSeconds = 566.4
        run.durationSeconds = 285
        run.instructionCounting = nil
        #expect(ReadmeSections.runTime(run).contains("took **9 min 26 s** end to end on a"))
        #expect(!ReadmeSections.runTime(run).contains("counting instructions"))
        run.wallSeconds = 4_000
        #expect(ReadmeSections.runTime(run).contains("took **1 h 6 min** end to end"))
        run.wallSeconds = nil
        #expect(ReadmeSections.runTime(run).contains("does not record how long it took"))
    }
}
