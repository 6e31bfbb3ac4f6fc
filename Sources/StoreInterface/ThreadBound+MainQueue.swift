import Instrumentation

extension ThreadBound {
    /// Binds `value` to `queue`'s main thread: the objects of a store confined
    /// there, or what the main thread of a round measures.
    public convenience init(_ value: sending Value, on queue: MainQueue) {
        self.init(value, boundTo: queue.mainThread)
    }
}
