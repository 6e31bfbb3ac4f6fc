import CJemalloc

/// Typed access to jemalloc's `mallctl` namespace.
///
/// The calls a measured region makes (`readCounter`, `perform`, MIB reads)
/// are concrete and take `StaticString` names, so they allocate nothing in
/// debug or release builds: an allocation counter must not count itself.
@usableFromInline enum Jemalloc {
    /// A control name resolved once to its management information base, for
    /// names built at run time (an arena's statistics).
    @usableFromInline struct MIB: Sendable {
        private let components: [Int]
        public let name: String

        /// Resolves `name`, for example `"stats.arenas.3.small.nrequests"`.
        public init(_ name: String) throws(AllocatorError) {
            var components = [Int](repeating: 0, count: 8)
            var count = components.count
            let status = components.withUnsafeMutableBufferPointer { buffer in
                mallctlnametomib(name, buffer.baseAddress, &count)
            }
            guard status == 0 else { throw .control(name, status) }
            self.components = Array(components.prefix(count))
            self.name = name
        }

        /// Reads a 64-bit counter.
        @usableFromInline func readCounter() throws(AllocatorError) -> UInt64 {
            var value: UInt64 = 0
            var size = MemoryLayout<UInt64>.size
            let status = components.withUnsafeBufferPointer { mib in
                mallctlbymib(mib.baseAddress, mib.count, &value, &size, nil, 0)
            }
            guard status == 0 else { throw .control(name, status) }
            return value
        }
    }

    /// Reads a 64-bit counter or size, such as `"stats.allocated"`.
    @usableFromInline static func readCounter(_ name: StaticString) throws(AllocatorError) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        try check(name, mallctl(cName(name), &value, &size, nil, 0))
        return value
    }

    /// Reads an `unsigned` control, such as `"thread.arena"`.
    @usableFromInline static func readUnsigned(_ name: StaticString) throws(AllocatorError) -> UInt32 {
        var value: UInt32 = 0
        var size = MemoryLayout<UInt32>.size
        try check(name, mallctl(cName(name), &value, &size, nil, 0))
        return value
    }

    /// Reads a signed size control (`ssize_t`), such as `"opt.dirty_decay_ms"`.
    @usableFromInline static func readSignedSize(_ name: StaticString) throws(AllocatorError) -> Int {
        var value = 0
        var size = MemoryLayout<Int>.size
        try check(name, mallctl(cName(name), &value, &size, nil, 0))
        return value
    }

    /// Writes an `unsigned` control.
    @usableFromInline static func writeUnsigned(_ name: StaticString, _ newValue: UInt32) throws(AllocatorError) {
        var value = newValue
        try check(name, mallctl(cName(name), nil, nil, &value, MemoryLayout<UInt32>.size))
    }

    /// Performs a control that takes no value, such as `thread.tcache.flush`.
    @usableFromInline static func perform(_ name: StaticString) throws(AllocatorError) {
        try check(name, mallctl(cName(name), nil, nil, nil, 0))
    }

    /// Refreshes the statistics snapshot that `stats.*` reads return.
    @usableFromInline static func refreshStatistics() throws(AllocatorError) {
        var epoch: UInt64 = 1
        try check("epoch", mallctl(cName("epoch"), nil, nil, &epoch, MemoryLayout<UInt64>.size))
    }

    /// The version string jemalloc was built as.
    public static func version() throws(AllocatorError) -> String {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        try check("version", mallctl(cName("version"), &pointer, &size, nil, 0))
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// A static string's bytes as a C string: literals are NUL-terminated.
    @inline(__always)
    private static func cName(_ name: StaticString) -> UnsafePointer<CChar> {
        UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    @inline(__always)
    private static func check(_ name: StaticString, _ status: Int32) throws(AllocatorError) {
        guard status == 0 else { throw .control(name.description, status) }
    }
}

/// jemalloc could not be read, or is not the allocator.
public enum AllocatorError: Error, Hashable, Sendable, CustomStringConvertible {
    case control(String, Int32)
    case notTheAllocator(String)
    /// Other threads of the process kept running, so the heap was never at rest.
    case neverAtRest(seconds: Double)

    public var description: String {
        switch self {
        case .control(let name, let status):
            "jemalloc control '\(name)' failed with status \(status)"
        case .notTheAllocator(let detail):
            "jemalloc is not this process's allocator, so allocation counts would be wrong: \(detail)"
        case .neverAtRest(let seconds):
            "other threads of this process kept running for \(seconds) s, so the heap could not be read at rest"
        }
    }
}
