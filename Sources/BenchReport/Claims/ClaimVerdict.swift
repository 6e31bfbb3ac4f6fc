import BenchResults
import BenchStatistics

/// A claim judged on one run, by the rules of `Evidence`: a finding for every
/// case that tests it, and the verdict over them.
struct ClaimVerdict {
    /// One case that tests the claim, and what the run shows there.
    struct Finding {
        let test: ClaimTest
        let result: CaseResult
        /// The metric that decided it: the named one, or its operation's
        /// instruction count where one was counted.
        let metric: MetricDescriptor
        /// Every store's median of `metric`, in the run's store order.
        let figures: [(store: String, median: Double)]
        /// Nil for a reference figure, which is set beside ours, not judged.
        let outcome: Evidence.Outcome?
        /// Stores shown to meet a per-store limit (none for a family comparison).
        let passing: Set<String>
        /// What the figures must show: "≤ 8,333 µs (a 120 Hz frame)".
        let criterion: String
        /// What decided it: "snapshot-flat 2.1 µs against uniquing-main 1.9 µs: 1.11× [1.02–1.20×]".
        let detail: String
        /// What a chart draws across the case, in the metric's unit: the
        /// bound, the "before", a published figure.
        var marks: [(value: Double, label: String)] = []
        /// The intervals the outcome was read from: a cost ratio ("snapshot-flat
        /// over uniquing-main") or a store's figure, each with its value.
        var intervals: [VerdictsFile.Interval] = []
        /// Each favoured store's outcome against a per-store limit (empty for
        /// a family comparison and a published figure).
        var storeOutcomes: [String: Evidence.Outcome] = [:]

        /// "instructions" when an instruction count decided, "time" for a
        /// timing, else the metric's unit.
        var decidedBy: String {
            switch metric.kind {
            case .instructions: "instructions"
            case .timing: "time"
            case .count: "count"
            case .quantity: "measured quantity"
            }
        }
    }

    let claim: SourceClaim
    /// The stores the claim is decided on: those of the favoured design that
    /// follow the claim's system, or, where none ran, every store of the
    /// favoured design that ran.
    let favoured: [String]
    /// The other stores of the favoured design, when `favoured` follow the
    /// claim's system: shown beside them, never counted for or against.
    let beside: [String]
    /// The stores of the other designs: what a comparison between designs
    /// sets the favoured stores against (no upper bound, no library).
    let rivals: [String]
    let findings: [Finding]
    /// The cases the claim reads that a favoured store did not run, past
    /// the budget of their sweep (`CaseResult.notRun`), by store.
    let notRun: [(store: String, cases: [CaseResult])]
    /// The improvements not judged because no case they read has its
    /// "before" in the run: "background-sync (main: longest frame) against
    /// the main thread merging itself".
    let missingBefore: [String]
    /// Libraries: shown beside the designs, never one of them.
    let libraries: Set<String>

    init(_ claim: SourceClaim, run: RunResult, context: ReportContext) {
        self.claim = claim
        // Upper bounds bound a design and a library is no source's design:
        // neither stands for one.
        let contenders = run.designs.filter { $0.isUpperBound != true && $0.isLibrary != true }
        let design = contenders.filter { claim.favours.matches($0) }
        let own = design.filter { $0.follows?.contains(claim.system) == true }
        let favoured = (own.isEmpty ? design : own).map(\.name)
        self.favoured = favoured
        beside = own.isEmpty ? [] : design.map(\.name).filter { !favoured.contains($0) }
        let rivals = contenders.filter { !claim.favours.matches($0) }.map(\.name)
        self.rivals = rivals
        libraries = run.libraries
        let read = claim.tests.map { test in
            (
                test,
                run.cases.filter { result in
                    result.scenario == test.scenario
                        && test.parameters.allSatisfy { result.parameters[$0.key] == $0.value }
                }
            )
        }
        findings = read.flatMap { test, cases in
            cases.compactMap { Self.finding(test, $0, favoured: favoured, rivals: rivals, run: run, context: context) }
        }
        missingBefore = read.compactMap { test, cases -> String? in
            guard case .improvesOn(let before, let meaning) = test.rule, let first = cases.first else { return nil }
            let paired = cases.contains { result in
                let earlier = result.parameters.merging(before) { $1 }
                return run.cases.contains { $0.scenario == result.scenario && $0.parameters == earlier }
            }
            let metric = first.descriptor(test.metric)?.label ?? test.metric.rawValue
            return paired ? nil : "\(test.scenario) (\(metric)) against \(meaning)"
        }
        var readCases: [CaseResult] = []
        for result in read.flatMap(\.1) where !readCases.contains(where: { $0.key == result.key }) {
            readCases.append(result)
        }
        notRun = favoured.compactMap { store in
            let cases = readCases.filter { $0.notRun(store) != nil }
            return cases.isEmpty ? nil : (store, cases)
        }
    }

    /// "; snapshot-listened not run past the budget in tag-rename F=10000, …",
    /// or nothing when every favoured store ran every case the claim reads;
    /// and every improvement not judged for want of its "before".
    private var notRunNote: String {
        let stores = notRun.map { store, cases in
            "; \(store) not run past the budget in " + cases.map(\.title).joined(separator: ", ")
                + " (it missed the budget at a smaller size)"
        }.joined()
        guard !missingBefore.isEmpty else { return stores }
        return stores + "; not judged, the case it is set against did not run: " + missingBefore.joined(separator: "; ")
    }

    /// "; decided on snapshot-notified, which follows Pinterest; beside it, of
    /// the same design: snapshot-listened meets every limit; …", or nothing
    /// when the claim is decided on its whole design.
    private var decidedOnNote: String {
        guard !beside.isEmpty else { return "" }
        let text =
            "; decided on \(favoured.joined(separator: ", ")), which "
            + (favoured.count == 1 ? "follows" : "follow") + " \(claim.system.rawValue)"
        let limits = findings.filter { $0.outcome != nil && $0.test.rule.isLimit }
        guard !limits.isEmpty else {
            return text + "; beside it, of the same design: " + beside.joined(separator: ", ")
        }
        let parts = beside.map { store -> String in
            let ran = limits.filter { finding in finding.figures.contains { $0.store == store } }
            let short = ran.filter { !$0.passing.contains(store) }
            if ran.isEmpty { return "\(store) not run" }
            return short.isEmpty
                ? "\(store) meets every limit" : "\(store) not shown within the limit in " + caseNames(short)
        }
        return text + "; beside it, of the same design: " + parts.joined(separator: "; ")
    }

    /// What the verdict adds after its standing: where the claim was
    /// decided, what it does not test, and what holds by construction.
    private var qualifications: String {
        var text = decidedOnNote
        if let condition = claim.untestedCondition { text += ". Not tested: \(condition)" }
        if let construction = claim.byConstruction { text += ". By construction: \(construction)" }
        return text
    }

    /// The verdict's standing and, for the reader, the verdict in full:
    /// "holds", "holds only when …", "does not hold here", "not shown by
    /// this run", or why there is none.
    var verdict: (standing: ClaimStanding, text: String) {
        if let reason = claim.untestable { return (.notTestable, "not testable by a benchmark: \(reason)") }
        guard !favoured.isEmpty else { return (.notTested, "not tested: no \(claim.favours.label) store ran") }
        guard !findings.isEmpty else {
            return (.notMeasured, "not measured in this run (the full profile runs every case it needs)")
        }
        let judged = findings.filter { $0.outcome != nil }
        guard !judged.isEmpty else { return (.reference, "a published figure, set beside ours and not judged") }
        let met = judged.filter { $0.outcome == .met }
        let missed = judged.filter { $0.outcome == .missed }
        let open = judged.filter { $0.outcome == .notShown }
        let device = judged.filter { $0.outcome == .dependsOnDevice }
        if var byStore = storeVerdict(judged) {
            byStore.text += notRunNote + qualifications + hedgeNote
            return byStore
        }
        var standing: ClaimStanding
        var text: String
        if missed.isEmpty && open.isEmpty && device.isEmpty {
            (standing, text) = (.holds, "**holds**")
        } else if met.isEmpty && open.isEmpty && device.isEmpty {
            (standing, text) = (.doesNotHold, "**does not hold here**")
        } else if missed.isEmpty && open.isEmpty {
            (standing, text) = (
                .dependsOnDevice,
                "**depends on the device**: within \(NumberFormat.ratio(Evidence.deviceMargin)) "
                    + "of its budget in " + caseNames(device) + " (" + device.map(\.detail).joined(separator: "; ")
                    + ")"
            )
            if !met.isEmpty { text += "; holds in " + caseNames(met) }
        } else if missed.isEmpty {
            (standing, text) =
                met.isEmpty
                ? (.notShown, "**not shown by this run**")
                : (.holdsWhereShown, "**holds where shown** (" + caseNames(met) + ")")
        } else if met.isEmpty {
            (standing, text) = (
                .doesNotHold, "**does not hold** where shown (" + caseNames(missed, namingFailures: true) + ")"
            )
        } else {
            // Name the shorter list: where it holds, or where it does not.
            (standing, text) =
                met.count <= missed.count
                ? (.holdsOnlyWhen, "**holds only when** " + caseNames(met))
                : (.holdsExceptWhen, "**holds except when** " + caseNames(missed, namingFailures: true))
        }
        if standing != .dependsOnDevice && !device.isEmpty {
            text += "; depends on the device in " + caseNames(device)
        }
        if !open.isEmpty && !(met.isEmpty && missed.isEmpty && device.isEmpty) {
            text += "; not shown in " + caseNames(open)
        }
        if !open.isEmpty { text += " (" + Self.whatWouldShow(open) + ")" }
        if setsNoDesignApart { text += "; so do the other designs here, so it does not set them apart" }
        text += notRunNote + qualifications
        if let hedge = claim.hedge, standing == .doesNotHold {
            standing = .notBorneOut
            for phrase in ["**does not hold here**", "**does not hold**"] where text.hasPrefix(phrase) {
                text = "**not borne out here**" + text.dropFirst(phrase.count)
                break
            }
            text += ". A hedged claim (“\(hedge)”): a lean the run does not bear out, not a failed prediction"
        } else {
            text += hedgeNote
        }
        return (standing, text)
    }

    /// A hedged claim stays a hedge whatever the run shows: the cases that
    /// meet it bear out a lean, not a firm prediction.
    private var hedgeNote: String {
        guard let hedge = claim.hedge else { return "" }
        return ". A hedged claim (“\(hedge)”): where the run meets it, it bears out a lean, not a firm prediction"
    }

    /// Where every case judges each favoured store against a limit and some
    /// of them meet every limit while others do not, the verdict is each
    /// store's: "holds only for b; c beyond the limit in …". Nil otherwise,
    /// for the verdict over the cases.
    private func storeVerdict(_ judged: [Finding]) -> (standing: ClaimStanding, text: String)? {
        guard favoured.count > 1, judged.allSatisfy(\.test.rule.isLimit) else { return nil }
        func findings(of store: String, _ outcome: Evidence.Outcome) -> [Finding] {
            judged.filter { $0.storeOutcomes[store] == outcome }
        }
        let holding = favoured.filter { findings(of: $0, .missed).isEmpty && !findings(of: $0, .met).isEmpty }
        let failing = favoured.filter { !findings(of: $0, .missed).isEmpty }
        guard !holding.isEmpty, !failing.isEmpty else { return nil }
        var text = "**holds only for \(holding.joined(separator: ", "))**"
        for store in holding {
            let device = findings(of: store, .dependsOnDevice), open = findings(of: store, .notShown)
            if !device.isEmpty { text += "; for \(store), depends on the device in " + caseNames(device) }
            if !open.isEmpty { text += "; for \(store), not shown in \(caseNames(open)) (\(Self.whatWouldShow(open)))" }
        }
        for store in failing {
            text += "; \(store) beyond the limit in " + caseNames(findings(of: store, .missed))
        }
        return (.holdsOnlyFor, text)
    }

    /// Whether the claim holds and every other store meets the same limits:
    /// then it is true but does not set the designs apart.
    var setsNoDesignApart: Bool {
        let judged = findings.filter { $0.outcome != nil }
        guard !judged.isEmpty, judged.allSatisfy({ $0.outcome == .met }) else { return false }
        let others = Set(judged.flatMap { $0.figures.map(\.store) }).subtracting(favoured).subtracting(beside)
            .subtracting(libraries)
        return !others.isEmpty && judged.allSatisfy { $0.test.rule.isLimit && others.isSubset(of: $0.passing) }
    }

    /// The finding that decided the verdict: the first case not met, else
    /// the first case.
    var decidingFinding: Finding? {
        let judged = findings.filter { $0.outcome != nil }
        return judged.first(where: { $0.outcome != .met }) ?? judged.first ?? findings.first
    }

    /// The figure that decided the verdict, for the claims' summary table.
    var decidingFigure: String {
        guard let finding = decidingFinding else { return "–" }
        return "\(finding.result.title), by \(finding.decidedBy): \(finding.detail)"
    }

    private static func whatWouldShow(_ open: [Finding]) -> String {
        let timed = open.contains { $0.metric.kind == .timing || $0.metric.kind == .quantity }
        return timed
            ? "its interval straddles the bound: more rounds, a quieter machine, or an instruction count would decide it"
            : "its figures sit within the tolerance of the bound"
    }

    /// "feed-read scroll=1; tag-rename": each case by its scenario and the
    /// parameter values no other case of that scenario in the claim has (or,
    /// when none is unique, every parameter that varies among them), its
    /// metric where the claim reads more than one of that scenario, and
    /// with `namingFailures`, the favoured stores beyond a limit there.
    private func caseNames(_ some: [Finding], namingFailures: Bool = false) -> String {
        var names: [String] = []
        for finding in some {
            let scenario = finding.result.scenario
            let parameters = finding.result.parameters
            let siblings = findings.filter { $0.result.scenario == scenario }.map(\.result.parameters)
            let varying = parameters.keys.sorted().filter { name in Set(siblings.map { $0[name] }).count > 1 }
            let unique = varying.filter { name in siblings.filter { $0[name] == parameters[name] }.count == 1 }
            let shown = unique.isEmpty ? varying : unique
            var name = ([scenario] + shown.map { "\($0)=\(parameters[$0]!)" }).joined(separator: " ")
            if Set(findings.filter { $0.result.scenario == scenario }.map(\.metric.id)).count > 1 {
                name += " (\(Self.brief(finding.metric.label)))"
            }
            let beyond = favoured.filter { store in
                finding.figures.contains { $0.store == store } && !finding.passing.contains(store)
            }
            if namingFailures, finding.test.rule.isLimit, !beyond.isEmpty {
                name += " (\(beyond.joined(separator: ", ")) beyond the limit)"
            }
            if !names.contains(name) { names.append(name) }
        }
        return names.joined(separator: "; ")
    }

    /// A metric's label without its closing parenthesis: "reads (a message
    /// row and a user row)" is "reads".
    private static func brief(_ label: String) -> String {
        guard label.hasSuffix(")"), let open = label.range(of: " (", options: .backwards) else { return label }
        return String(label[..<open.lowerBound])
    }

    private static func finding(
        _ test: ClaimTest, _ result: CaseResult, favoured: [String], rivals: [String], run: RunResult,
        context: ReportContext
    ) -> Finding? {
        // A published figure is a time: it sits beside our time, never
        // beside the instruction count that decides the other rules.
        let id: MetricID
        if case .reference = test.rule { id = test.metric } else { id = result.deciding(test.metric) }
        guard let metric = result.descriptor(id) else { return nil }
        // A library's figure is shown beside the designs'; a claim about
        // designs is judged on theirs alone.
        let series = run.stores.compactMap { store in result.store(store)?.metric(id).map { (store: store, series: $0) }
        }
        let judged = series.filter { !run.libraries.contains($0.store) }
        guard series.contains(where: { favoured.contains($0.store) }) else { return nil }
        let subject = Subject(
            test: test, result: result, metric: metric, series: judged, favoured: favoured,
            rivals: rivals, shown: series)
        switch test.rule {
        case .familyWithin(let allowed):
            return subject.familyWithin(allowed)
        case .atMost(let limit, let meaning):
            return subject.limit(limit, meaning: meaning) { Evidence.outcome($0, limit: limit) }
        case .fitsBudget(let budget, let meaning):
            return subject.limit(
                budget, meaning: "\(meaning), with \(NumberFormat.ratio(Evidence.deviceMargin)) to spare"
            ) {
                Evidence.outcome($0, budget: budget)
            }
        case .eachWithin(let allowed, let meaning):
            return subject.eachWithin(allowed, meaning: meaning, upperBounds: run.upperBounds)
        case .improvesOn(let before, let meaning):
            return subject.improvesOn(before, meaning: meaning, in: run)
        case .reference:
            return context.references.first { $0.matches(result) }.map(subject.beside)
        }
    }

    /// Met when every part is, missed when any is, depending on the device
    /// when every other part is met, otherwise not shown.
    static func all(_ outcomes: [Evidence.Outcome]) -> Evidence.Outcome {
        if outcomes.contains(.missed) { return .missed }
        if outcomes.allSatisfy({ $0 == .met }) { return .met }
        return outcomes.contains(.notShown) ? .notShown : .dependsOnDevice
    }

    /// The store with the best median among `series`.
    static func best(
        _ series: [(store: String, series: MetricSeries)], _ metric: MetricDescriptor
    ) -> (store: String, series: MetricSeries)? {
        series.min { metric.lowerIsBetter ? $0.series.median < $1.series.median : $0.series.median > $1.series.median }
    }

    /// "1.11× [1.02–1.20×]".
    static func interval(_ ratio: RatioInterval) -> String {
        "\(NumberFormat.ratio(ratio.ratio)) [\(NumberFormat.ratio(ratio.low))–\(NumberFormat.ratio(ratio.high))]"
    }
}

extension VerdictsFile.Interval {
    init(subject: String, _ ratio: RatioInterval) {
        self.init(subject: subject, value: ratio.ratio, low: ratio.low, high: ratio.high)
    }
}

extension ClaimRule {
    /// Whether the rule is a limit each store meets or not.
    var isLimit: Bool {
        switch self {
        case .atMost, .fitsBudget, .eachWithin, .improvesOn: true
        case .familyWithin, .reference: false
        }
    }
}
