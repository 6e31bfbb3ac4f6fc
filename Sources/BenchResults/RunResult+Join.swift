extension RunResult {
    /// Runs of different scenarios of one plan put together into one run,
    /// as if measured in one go: a profile too long for one sitting is
    /// measured scenario by scenario. Nothing is pooled: each case is what
    /// its own run measured, every store of it side by side in the same
    /// processes.
    ///
    /// The runs must be of one commit, build, seed, profile, stores, rounds
    /// and drift commit, complete, with no case twice, counting instructions
    /// (where they counted any) with the same tools, on hosts of one kind.
    /// A case is compared within its run, and a sweep within its scenario's.
    /// Each piece keeps its own clock cost (`pieces`), which does not tell
    /// hosts apart: one publish's processes on one host read the clock at
    /// costs far apart (docs/CONSTANTS.md, RunResult.joining). The joined
    /// run keeps the first
    /// run's provenance (its date the last run's), harness and primitives'
    /// costs, and lists every run in `pieces`; its duration is their sum.
    ///
    /// - Throws: naming the run that differs and how.
    /// - Complexity: O(*c*), *c* the cases of every run.
    public static func joining(_ runs: [RunResult]) throws(OutputError) -> RunResult {
        guard var joined = runs.first else { throw .malformed("join", reason: "no runs to join") }
        var keys = Set<String>()
        var pieces: [RunPiece] = []
        for (index, run) in runs.enumerated() {
            let name = "run \(index + 1)"
            if index > 0 { try run.checkJoinable(with: joined, name: name) }
            guard !run.isPartial else { throw .malformed(name, reason: "it was interrupted") }
            guard run.pieces == nil else {
                throw .malformed(name, reason: "it is itself joined from runs; join the runs it lists")
            }
            for result in run.cases where !keys.insert(result.key).inserted {
                throw .malformed(name, reason: "case \(result.key) is in an earlier run too")
            }
            if index > 0 {
                joined.cases += run.cases
                joined.instructionCounting = joined.instructionCounting ?? run.instructionCounting
                joined.durationSeconds += run.durationSeconds
                joined.wallSeconds = joined.wallSeconds.flatMap { sum in run.wallSeconds.map { sum + $0 } }
                joined.provenance.date = max(joined.provenance.date, run.provenance.date)
            }
            pieces.append(run.piece)
        }
        joined.pieces = pieces
        joined.provenance.arguments = ["joined from \(runs.count) runs"] + joined.provenance.arguments
        joined.rankCases()
        return joined
    }

    private func checkJoinable(with first: RunResult, name: String) throws(OutputError) {
        try checkSameBuildAndHost(as: first, name: name)
        guard profile == first.profile else {
            throw .malformed(
                name, reason: "it is a run of the \(profile) profile, the first run of the \(first.profile) profile")
        }
        guard designs == first.designs, rounds == first.rounds, warmUpRounds == first.warmUpRounds else {
            throw .malformed(name, reason: "it ran other stores or rounds than the first run")
        }
        // A run of scenarios with nothing single-threaded (background-sync)
        // counts nothing, and joins runs that did.
        if let tools = instructionCounting, let firstTools = first.instructionCounting, tools != firstTools {
            throw .malformed(name, reason: "it counted instructions with other tools than the first run")
        }
        guard driftCommit == first.driftCommit else {
            throw .malformed(
                name,
                reason:
                    "its drift was measured against \(driftCommit ?? "no run"), the first run's against \(first.driftCommit ?? "no run")"
            )
        }
    }

    /// This run as a piece of a joined one.
    var piece: RunPiece {
        var scenarios: [String] = []
        for result in cases where scenarios.last != result.scenario { scenarios.append(result.scenario) }
        return RunPiece(
            scenarios: scenarios, date: provenance.date, hostname: provenance.hostname, clock: harness.clock,
            durationSeconds: durationSeconds)
    }
}
