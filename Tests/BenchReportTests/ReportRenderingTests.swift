import BenchTestSupport
@testable import BenchReport
import BenchResults
import Testing

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
}
