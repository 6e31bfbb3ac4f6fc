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

    /// Rocket Data's PerformanceTests, as the child-propagation shapes that
    /// do their work (1-4).
    public static let rocketData: [PublishedReference] = ChildPropagation.referenceShapes.enumerated().compactMap {
        index, shape in
        shape.published.map { published in
            PublishedReference(
                scenario: .childPropagation, parameter: "shape", value: index + 1, name: shape.name,
                source: "plivesey/ConsistencyManager-iOS, SampleApp/ConsistencyManagerDemoTests/PerformanceTests.swift",
                published: [("Simulator (iPhone 5)", published.simulator), ("iPhone 6+", published.device)])
        }
    }

    /// What the published figures are, and why they are not a contest.
    public static let rocketDataNote =
        "Rocket Data's consistency manager lists these times in the comments of its "
        + "PerformanceTests.swift (`plivesey/ConsistencyManager-iOS`, SampleApp/ConsistencyManagerDemoTests), as "
        + "\"Current Results\" for a simulator (iPhone 5) and an iPhone 6+, 2016: other hardware, another Swift, XCTest's "
        + "`measure`. Its first three tests post the same tree back: the manager walks it, compares it with the "
        + "listener's tree, finds it equal at the root and delivers nothing; so do shapes 1-3 here. Its fourth adds a "
        + "listener to a 1000-model tree (shape 4 adds one to each of 20 trees, each looked up first). They frame "
        + "the order of magnitude and are not judged. Ours are the median post (shapes 1-3) or look-up-and-observe "
        + "(shape 4) on this run's machine."
}
