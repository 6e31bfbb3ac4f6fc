/// Where a store may be used from.
public enum StoreThreading: String, Hashable, Sendable, Codable {
    /// Every method from any thread; observers run on the writing thread.
    case anyThread = "any thread"
    /// Handles belong to the main thread of the store's `MainQueue`: look
    /// models up, hold them and display them there only. Writes may come from
    /// any thread; their effect on the main thread's objects, and the
    /// observers, run on the main thread. Other threads read through
    /// `readRow(of:into:)`, the store's background path.
    case mainThread = "main thread"
    /// Every method from any thread, handles anywhere; observers run on the
    /// main thread of the store's `MainQueue`, some time after the write
    /// (`ModelStore.settle()` waits for them there).
    case anyThreadObservedOnMain = "any thread, observers on the main thread"

    /// Whether any thread may hold and display the store's handles.
    public var handlesOnAnyThread: Bool { self != .mainThread }
}
