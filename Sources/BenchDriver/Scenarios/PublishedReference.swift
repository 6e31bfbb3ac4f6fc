/// A figure someone else published for one of our cases, to set beside ours.
public struct PublishedReference: Sendable {
    public let scenario: ScenarioID
    /// The parameter and value that select the case.
    public let parameter: String
    public let value: Int
    public let name: String
    public let publishedSeconds: Double

    /// Rocket Data's PerformanceTests, as child-propagation shapes 1-4.
    public static let rocketData: [PublishedReference] = ChildPropagation.referenceShapes.enumerated().map { index, shape in
        PublishedReference(scenario: .childPropagation, parameter: "shape", value: index + 1,
                           name: shape.name, publishedSeconds: shape.publishedSeconds)
    }

    /// What the published figures are, and why they are not a contest.
    public static let rocketDataNote = "Rocket Data published these times from its PerformanceTests (ConsistencyManager, "
        + "2016) on an iPhone 5 simulator: other hardware, another design (a consistency manager over immutable models), "
        + "another Swift. They frame the order of magnitude; they are not a result to beat. Ours are the median update "
        + "(shapes 1-3) or look-up-and-observe (the last shape) on this run's machine."
}
