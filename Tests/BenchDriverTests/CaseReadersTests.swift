import Testing

@testable import BenchDriver

/// What `bench list` says reads each case: the claims, tables and charts
/// that would go without it.
struct CaseReadersTests {
    private static func readers(_ scenario: ScenarioID, _ profile: Profile, _ label: String) -> [String] {
        let cases = scenario.definition.cases(for: profile)
        let parameters = cases.first { scenario.definition.label(for: $0) == label }!
        return CaseReaders.readers(of: parameters, scenario, among: cases)
    }

    @Test("a case is read by the claims, decision-table, scaling and chart readers that select it, and by nothing else")
    func readersOfFullCases() {
        let renamed = Self.readers(TagRename.id, .full, "F=10000 holders=1000 renames=3")
        #expect(renamed.contains { $0.hasPrefix("claim 6 ") })
        #expect(renamed.contains { $0.hasPrefix("decision table: ") })
        #expect(renamed.contains { $0.hasPrefix("scaling table: ") })
        #expect(renamed.contains("charts by F"))
        // Its holders differ from the larger sizes', so no chart draws it.
        #expect(!Self.readers(TagRename.id, .full, "F=10 holders=10 renames=3").contains { $0.hasPrefix("charts") })
    }

    @Test("a case only the scenario's summary reads has no readers")
    func unreadCase() {
        let cases = BackgroundSync.cases(for: .full)
        let stressed = cases.first { $0.values["sync"] == 1 }!
        #expect(CaseReaders.readers(of: stressed, BackgroundSync.id, among: cases).isEmpty)
    }

    @Test("the case an improvement is set against is read by its claim, and measured in every profile that runs it")
    func beforeCaseRead() {
        for profile in [Profile.default, .full] {
            let measured = profile.measuredCases(of: BackgroundSync.id)
            for launch in [0, 1] {
                let before = measured.first { $0.values["sync"] == 2 && $0.values["launch"] == launch }
                #expect(before != nil, "Krush's before, launch=\(launch), in \(profile)")
                if let before {
                    #expect(
                        CaseReaders.readers(of: before, BackgroundSync.id, among: measured).contains {
                            $0.hasPrefix("claim 4 ")
                        })
                }
            }
        }
    }
}
