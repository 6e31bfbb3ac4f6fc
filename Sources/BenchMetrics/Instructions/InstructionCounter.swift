import CCallgrind
import Foundation
import Synchronization

/// Counts the instructions a region of code executes, on every thread, when
/// the process runs under Valgrind's callgrind (`valgrind --tool=callgrind
/// --instr-atstart=no --collect-atstart=yes --callgrind-out-file=PATH`, with
/// `PATH` in `BENCH_CALLGRIND_OUT`).
///
/// Instrumentation is switched on only around the region, as CodSpeed's
/// instrumentation mode and iai-callgrind do: code runs uninstrumented, and
/// uncounted, everywhere else. The count is then written by callgrind to a
/// numbered dump file, read back here and deleted. A count depends on the
/// code executed, not on how fast the CPU runs it or on other load on the
/// machine, and with the allocator's timed purging switched off
/// (`allocatorOptions`) and every region started on an arena of its own
/// (`RegionArena`) it repeats exactly, for code on one thread, whatever the
/// process ran before.
///
/// Every thread's instructions in the region count: callgrind's collection
/// is a state of each thread, so it is on in every thread from the start,
/// and only instrumentation, which is the process's, is switched around the
/// region; toggled by the opening thread alone, collection would leave out
/// the work a store does on a thread of its own (snapshot-listened's
/// manager). How often such threads wake each other depends on scheduling,
/// and on what else runs where a woken thread would (so a counted process
/// runs on one CPU, `ProcessorPin`); their counts move between runs by
/// more than a one-thread count does: `RegionInstructions.threads` says
/// where another thread ran, from the scheduler's statistics of each thread
/// (callgrind's dumps, all threads in one, cannot say it: with
/// `--separate-threads=yes` a client request dumps the calling thread's only).
public struct InstructionCounter: Sendable {
    /// The environment variable naming callgrind's output file.
    public static let outputVariable = "BENCH_CALLGRIND_OUT"

    /// The jemalloc options (`MALLOC_CONF`) a counted process starts with.
    ///
    /// jemalloc returns unused pages to the system on a clock (after
    /// `dirty_decay_ms`, then `muzzy_decay_ms`), so with its defaults how
    /// much purging an operation triggers depends on time, and counts of one
    /// build would move between runs. Never purging makes them repeat; it is
    /// housekeeping on a timer, not the work an operation does. Its thread
    /// caches' collection (every `tcache_gc_incr_bytes` allocated) adapts how
    /// many blocks a cache refills at once to what the thread allocated
    /// before, so a region's refills followed the process's history; with no
    /// collection they are the same for every region (`RegionArena`).
    public static let allocatorOptions = "dirty_decay_ms:-1,muzzy_decay_ms:-1,tcache_gc_incr_bytes:\(noCollection)"
    /// More bytes than a counted process allocates: no cache collection.
    static let noCollection: UInt64 = 1 << 50

    /// The functions whose own instructions no count includes: the probing
    /// of the Swift runtime's caches keyed by addresses, the conformance
    /// cache and the generic metadata cache, and the key comparison each
    /// probe of the latter makes. The casts and generic calls that look them
    /// up, and the hashing of their keys, are counted.
    ///
    /// Both caches are hash tables keyed by the addresses of type metadata,
    /// type descriptors and protocol descriptors, so how far a lookup probes
    /// depends on where the linker and the runtime put them, and on what the
    /// process instantiated before: a change anywhere in the binary, or
    /// another store run first, moved the counts of code that casts or calls
    /// unspecialized generics (snapshot-flat's keys built from type names,
    /// GRDB's generic record code) although none of that code had changed
    /// (docs/METHODS.md). Left out of the dump after callgrind wrote it
    /// (`CallgrindDump`), not by toggling collection, which callgrind loses
    /// track of across tail calls.
    public static let uncountedFunctions = [
        "swift::ConcurrentReadableHashMap<(anonymous namespace)::ConformanceCacheEntry, swift::LazyMutex>::find<",
        "swift::ConcurrentReadableHashMap<swift::HashMapElementWrapper<swift::GenericCacheEntry>, swift::Mutex>::Snapshot::find<",
        "swift::MetadataCacheKey::operator==(",
    ]

    /// The whole environment a counted process runs in, with callgrind's
    /// output file `outputFile`: the allocator options, the C library's pin
    /// (`CLibraryPin`), every symbol bound at start (so that no region counts
    /// the dynamic linker binding one on its first call), and deterministic
    /// hashing. Nothing else is passed on: the environment is copied into the
    /// heap at start, so its length alone moves counts.
    public static func environment(outputFile: String) -> [String: String] {
        [
            outputVariable: outputFile,
            "MALLOC_CONF": allocatorOptions,
            "GLIBC_TUNABLES": CLibraryPin.tunables,
            "LD_BIND_NOW": "1",
            "SWIFT_DETERMINISTIC_HASHING": "1",
        ]
    }

    /// Callgrind numbers its dumps per process, so the next number is shared
    /// by every counter (regions are counted one at a time).
    private static let dumpsWritten = Mutex(0)

    /// Where the counter's own work runs (`BookkeepingThread`).
    private static let bookkeeping = BookkeepingThread(state: Schedules())

    /// The other threads' schedules the bookkeeping thread keeps: before the
    /// region being counted, and when the round it belongs to began.
    private struct Schedules {
        var beforeRegion = ThreadSchedule(slices: [:])
        var roundStart: ThreadSchedule?
    }

    private let outputPath: String
    /// What switching counting on and off costs, subtracted from each count.
    private let overhead: UInt64
    private let disturbances = RegionDisturbances()

    /// The counter of this process, or nil when it does not run under
    /// callgrind set up as above.
    public static func underCallgrind() throws(InstructionCountError) -> InstructionCounter? {
        guard ccg_running_on_valgrind() != 0 else { return nil }
        guard ccg_has_client_requests() != 0 else {
            throw InstructionCountError(
                "this build of bench has no Valgrind client requests (valgrind/callgrind.h was missing when it was built); install valgrind (scripts/install-dependencies) and rebuild from clean (rm -rf .build)"
            )
        }
        guard let path = ProcessInfo.processInfo.environment[outputVariable], !path.isEmpty else {
            throw InstructionCountError(
                "running under Valgrind without \(outputVariable): start instruction counts with `bench --instructions`"
            )
        }
        let purges: (dirty: Int, muzzy: Int)
        do {
            purges = (
                try Jemalloc.readSignedSize("opt.dirty_decay_ms"), try Jemalloc.readSignedSize("opt.muzzy_decay_ms")
            )
        } catch {
            throw InstructionCountError("cannot tell whether jemalloc purges on a timer: \(error)")
        }
        guard purges == (-1, -1), (try? Jemalloc.readCounter("opt.tcache_gc_incr_bytes")) == noCollection else {
            throw InstructionCountError(
                "jemalloc purges on a timer or adapts its thread caches here, so counts would depend on time and history: start instruction counts with `bench --instructions` (it sets MALLOC_CONF=\(allocatorOptions))"
            )
        }
        let environment = ProcessInfo.processInfo.environment
        guard environment["GLIBC_TUNABLES"] == CLibraryPin.tunables, environment["LD_BIND_NOW"] == "1" else {
            throw InstructionCountError(
                "the C library is not pinned here, so counts would depend on the host's CPU: start instruction counts with `bench --instructions` (it sets GLIBC_TUNABLES and LD_BIND_NOW)"
            )
        }
        let cpus = try ProcessorPin.cpus()
        guard cpus.count == 1 else {
            throw InstructionCountError(
                "this process may run on \(cpus.count) CPUs, so how its threads take turns would depend on what else the machine runs: start instruction counts with `bench --instructions` (it runs each counted process on one CPU)"
            )
        }
        var counter = InstructionCounter(outputPath: path, overhead: 0)
        let empty = try counter.count {}
        counter = InstructionCounter(outputPath: path, overhead: empty.instructions)
        return counter
    }

    private init(outputPath: String, overhead: UInt64) {
        self.outputPath = outputPath
        self.overhead = overhead
    }

    /// The instructions `region` executes on any thread, less the fixed cost
    /// of switching counting on and off.
    public func count(_ region: () -> Void) throws(InstructionCountError) -> RegionInstructions {
        let label = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CCG_REGION_LABEL_SIZE))
        defer { label.deallocate() }
        let counted = ThreadSchedule.currentThreadID()
        let bookkeeping = Self.bookkeeping
        let notCounted = [counted, bookkeeping.threadID]
        let read = Self.dumpsWritten.withLock {
            written -> Result<(instructions: UInt64, scheduled: Int, ended: Int), InstructionCountError> in
            written += 1
            bookkeeping.run { $0.beforeRegion = ThreadSchedule.threads(excluding: notCounted) }
            let arena: UInt32
            do {
                arena = try RegionArena.enter()
            } catch {
                return .failure(InstructionCountError("cannot start a region on an arena of its own: \(error)"))
            }
            ccg_start_counting(label, UInt(written))
            region()
            ccg_stop_counting_and_dump(label)
            do {
                try RegionArena.leave(arena)
            } catch {
                return .failure(InstructionCountError("cannot rebind the counted thread to its arena: \(error)"))
            }
            let number = written
            return bookkeeping.run {
                schedules -> Result<(instructions: UInt64, scheduled: Int, ended: Int), InstructionCountError> in
                let before = schedules.beforeRegion
                let scheduled = ThreadSchedule.threads(excluding: notCounted).scheduled(since: before)
                let ended = Self.threadsEnded(
                    among: scheduled, since: before, idleSince: schedules.roundStart, excluding: notCounted)
                do throws(InstructionCountError) {
                    let instructions = try CallgrindDump.read(
                        path: "\(outputPath).\(number)", expectedLabel: "\(CCG_REGION_LABEL_PREFIX)\(number)",
                        leavingOut: Self.uncountedFunctions)
                    return .success((instructions, scheduled.count, ended))
                } catch {
                    return .failure(error)
                }
            }
        }
        let (instructions, scheduled, ended) = try read.get()
        if ended > 0 { disturbances.record() }
        return RegionInstructions(
            instructions: instructions > overhead ? instructions - overhead : 0,
            threads: 1 + scheduled)
    }

    /// Marks the start of a round of counted regions: a thread that has not
    /// run since, and ends in one of them, was left by earlier work.
    public func beginRound() {
        let counted = ThreadSchedule.currentThreadID()
        let bookkeeping = Self.bookkeeping
        let notCounted = [counted, bookkeeping.threadID]
        bookkeeping.run { $0.roundStart = ThreadSchedule.threads(excluding: notCounted) }
    }

    /// How many of `scheduled`, the threads that ran in a region just
    /// counted, have ended without having run between `roundStart` (when
    /// given) and the region: those that ended in it, and those still ending
    /// when it closed, whose last work is let finish, uncounted, first.
    ///
    /// Such an exit (the thread's allocator cache returned, its thread-local
    /// storage freed) is work no store in the round asked for: an idle
    /// libdispatch worker left by an earlier store ends on a timer, in
    /// whichever region its time runs out. A thread the round itself ran
    /// (a store's own worker) ends as that store's work goes, and is not
    /// looked for.
    static func threadsEnded(
        among scheduled: [Int32], since before: ThreadSchedule, idleSince roundStart: ThreadSchedule?,
        excluding notCounted: [Int32]
    ) -> Int {
        let idle = scheduled.filter { id in
            before.slices[id] != nil && (roundStart.map { $0.slices[id] == before.slices[id] } ?? true)
        }
        guard !idle.isEmpty else { return 0 }
        _ = ThreadActivity.waitUntilQuiet(checkingEvery: MemoryFootprint.quietInterval, upTo: quietWait)
        let settled = ThreadSchedule.threads(excluding: notCounted)
        return settled.ended(since: before).count { idle.contains($0) }
    }

    /// How long, in seconds, the counter waits after a region for the other
    /// threads to sleep before it looks for those that ended.
    static let quietWait = 1.0

    /// How many regions this counter has counted in which a thread left by
    /// earlier work ended (`threadsEnded`).
    ///
    /// Such a count holds that thread's exit: a round with one is counted
    /// again (`SuiteRunner`).
    public var regionsWithAThreadEnding: Int { disturbances.count }
}

/// The regions a counter counted in which a thread left by earlier work ended.
private final class RegionDisturbances: Sendable {
    private let regions = Mutex(0)

    func record() { regions.withLock { $0 += 1 } }

    var count: Int { regions.withLock { $0 } }
}

/// Instructions could not be counted: one line saying why.
public struct InstructionCountError: Error, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The instructions one counted region ran, over every thread.
public struct RegionInstructions: Hashable, Sendable {
    public var instructions: UInt64
    /// How many threads were scheduled in the region: the calling thread and
    /// every other the kernel ran while it was counted. Where more than one
    /// was, how often they woke each other depends on scheduling, so the
    /// count moves between runs more than one thread's does.
    public var threads: Int
}
