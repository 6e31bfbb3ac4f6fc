/// A system whose authors' claims the report judges, and which a store may
/// follow: a claim is decided on the stores that follow its system, where
/// any ran, with the rest of its design shown beside them.
public enum SourceSystem: String, Hashable, Sendable, Codable, CaseIterable {
    case vesper = "Vesper"
    case coreData = "Core Data"
    case swiftData = "SwiftData"
    case pinterest = "Pinterest"
    case rocketData = "Rocket Data"
    case gitHawk = "GitHawk"
}
