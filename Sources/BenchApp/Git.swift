import BenchMetrics
import Foundation

/// The checkout `bench` runs in, asked through `git`.
struct Git {
    /// The working directory git runs in.
    let directory: URL

    /// `git` with `arguments`: its standard output, nil when it failed.
    func run(_ arguments: [String]) -> String? {
        MachineFacts.run("git", ["-C", directory.path] + arguments)
    }

    /// Whether `commit` names a commit of this history.
    func contains(_ commit: String) -> Bool {
        run(["cat-file", "-e", "\(commit)^{commit}"]) != nil
    }

    /// The files under `paths` that differ between two commits, or between
    /// a commit and the working tree when `other` is nil; nil when git fails.
    func changedFiles(from commit: String, to other: String? = nil, under paths: [String]) -> [String]? {
        run(["diff", "--name-only", commit] + (other.map { [$0] } ?? []) + ["--"] + paths)?
            .split(separator: "\n").map(String.init)
    }

    /// Whether the tracked files have changes not committed.
    var hasUncommittedChanges: Bool {
        run(["status", "--porcelain", "--untracked-files=no"]).map { !$0.isEmpty } ?? true
    }

    /// HEAD's commit, nil outside a checkout.
    var head: String? {
        run(["rev-parse", "HEAD"]).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap {
            $0.isEmpty ? nil : $0
        }
    }
}
