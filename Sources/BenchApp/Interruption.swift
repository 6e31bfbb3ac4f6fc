import BenchDriver
import Foundation
import Instrumentation

/// Ctrl-C (SIGINT) and SIGTERM during a run: the first asks the run to stop
/// after the round in progress, so completed cases are still written; a
/// second one ends the process at once with status 130 (no result file is half-written:
/// files are only ever renamed into place).
final class Interruption: Sendable {
    static let shared = Interruption()

    let flag = CancellationFlag()
    /// The signal sources, kept so that they go on listening; installed once.
    private let sources = LockedValue<[any DispatchSourceSignal]>([])

    /// Runs `body` with the signal handlers installed; the first signal
    /// prints `stopping`, what `body` does when `flag` is set.
    func whileRunning<T>(
        stopping: String = "stopping after the current round; completed cases will be written",
        _ body: () throws -> T
    ) rethrows -> T {
        install(stopping: stopping)
        return try body()
    }

    private func install(stopping: String) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            sources = [SIGINT, SIGTERM].map { listen(to: $0, stopping: stopping) }
        }
    }

    private func listen(to signalNumber: Int32, stopping: String) -> any DispatchSourceSignal {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler { [flag] in
            if flag.isCancelled {
                FileHandle.standardError.write(Data("\nbench: stopped.\n".utf8))
                // At once, without exit handlers: the main thread may be exiting too.
                _exit(130)
            }
            flag.cancel()
            FileHandle.standardError.write(
                Data("\nbench: \(stopping) (signal again to quit now)\n".utf8))
        }
        source.resume()
        return source
    }
}
