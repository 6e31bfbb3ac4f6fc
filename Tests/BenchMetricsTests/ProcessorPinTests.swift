import Dispatch
import Foundation
import Synchronization
import Testing

@testable import BenchMetrics

@Suite("One CPU for a counted process")
struct ProcessorPinTests {
    @Test(
        "a process started from a pinned thread runs on that thread's CPU only, as InstructionPass starts its children")
    func inherited() throws {
        let allowed = try ProcessorPin.cpus()
        let cpu = try #require(allowed.last)
        let seen = Mutex<(thread: [Int], child: String)?>(nil)
        let finished = DispatchSemaphore(value: 0)
        // A thread of its own, which ends with its pin.
        let thread = Thread {
            defer { finished.signal() }
            guard (try? ProcessorPin.allow([cpu])) != nil, let own = try? ProcessorPin.cpus() else { return }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/bin/grep")
            child.arguments = ["Cpus_allowed_list", "/proc/self/status"]
            let output = Pipe()
            child.standardOutput = output
            guard (try? child.run()) != nil else { return }
            let printed = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            seen.withLock { $0 = (own, String(decoding: printed, as: UTF8.self)) }
        }
        thread.start()
        finished.wait()
        let result = try #require(seen.withLock { $0 })
        #expect(result.thread == [cpu])
        #expect(
            result.child.split(separator: ":").last?.trimmingCharacters(in: .whitespacesAndNewlines) == "\(cpu)",
            "\(result.child)")
        #expect(try ProcessorPin.cpus() == allowed, "the test's own thread keeps its CPUs")
    }

    @Test("a CPU past the mask is refused, and nothing changes")
    func outOfRange() throws {
        let allowed = try ProcessorPin.cpus()
        #expect(throws: InstructionCountError.self) { try ProcessorPin.allow([1 << 20]) }
        #expect(try ProcessorPin.cpus() == allowed)
    }
}
