/// A figure someone else published for one of our cases, to set beside ours.
public struct PublishedReference: Sendable {
    public let scenario: ScenarioID
    /// The parameter and value that select the case.
    public let parameter: String
    public let value: Int
    public let name: String
    /// Where the figures are published: a repository and file.
    public let source: String
    /// Each device the source lists, with its time in seconds.
    public let published: [(device: String, seconds: Double)]

    /// Rocket Data's PerformanceTests, as child-propagation shapes 1-4.
    public static let rocketData: [PublishedReference] = ChildPropagation.referenceShapes.enumerated().map { index, shape in
        PublishedReference(
            scenario: .childPropagation, parameter: "shape", value: index + 1, name: shape.name,
            source: "plivesey/ConsistencyManager-iOS, SampleApp/ConsistencyManagerDemoTests/PerformanceTests.swift",
            published: [("Simulator (iPhone 5)", shape.simulatorSeconds), ("iPhone 6+", shape.deviceSeconds)])
    }

    /// What the published figures are, and why they are not a contest.
    public static let rocketDataNote = "Rocket Data's consistency manager lists these times in the comments of its "
        + "PerformanceTests.swift (`plivesey/ConsistencyManager-iOS`, SampleApp/ConsistencyManagerDemoTests), as "
        + "\"Current Results\" for a simulator (iPhone 5) and an iPhone 6+, 2016: other hardware, another Swift, XCTest's "
        + "`measure`. Its first three tests post the same tree back, which the manager counts as a change of every "
        + "model; here every model of the thread really changes. They frame the order of magnitude and are not judged. "
        + "Ours are the median update (shapes 1-3) or look-up-and-observe (the last shape) on this run's machine."
}
