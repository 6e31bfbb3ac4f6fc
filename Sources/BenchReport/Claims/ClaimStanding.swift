/// Where a claim stands after a run: a closed set a script can switch on.
///
/// Its raw value, written to `verdicts.json`, is the case's name; `phrase`
/// is the words the report and `bench compare-verdicts` print.
public enum ClaimStanding: String, Codable, Hashable, Sendable, CaseIterable {
    case holds
    case holdsOnlyFor
    case holdsWhereShown
    case holdsOnlyWhen
    case holdsExceptWhen
    case doesNotHold
    /// A hedged claim ("probably") the run does not bear out: not a firm
    /// prediction failed.
    case notBorneOut
    case notShown
    case dependsOnDevice
    case notMeasured
    case notTested
    case notTestable
    /// A figure a source published, set beside ours and not judged.
    case reference

    /// The standing in words: "holds only for".
    public var phrase: String {
        switch self {
        case .holds: "holds"
        case .holdsOnlyFor: "holds only for"
        case .holdsWhereShown: "holds where shown"
        case .holdsOnlyWhen: "holds only when"
        case .holdsExceptWhen: "holds except when"
        case .doesNotHold: "does not hold"
        case .notBorneOut: "not borne out here"
        case .notShown: "not shown by this run"
        case .dependsOnDevice: "depends on the device"
        case .notMeasured: "not measured"
        case .notTested: "not tested"
        case .notTestable: "not testable by a benchmark"
        case .reference: "a published figure, not judged"
        }
    }
}
