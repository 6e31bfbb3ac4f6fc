/// Keeps one observation alive. Releasing the token (or calling `cancel()`)
/// removes the observer; an owner that keeps its tokens ends its
/// observations by going away.
///
/// Once cancelled, the handler is not called for any notification delivered
/// afterwards. A delivery already running on another thread may finish its
/// call.
public final class ObservationToken: Sendable {
    private let observer: any CancellableObserver

    /// A token that cancels `observer` when it goes away.
    public init(_ observer: any CancellableObserver) {
        self.observer = observer
    }

    deinit {
        observer.cancel()
    }

    /// Ends the observation now. Calling it again does nothing.
    public func cancel() {
        observer.cancel()
    }
}

/// An observer registration that a token can end: what a store's observer
/// registry hands to `ObservationToken`.
public protocol CancellableObserver: AnyObject, Sendable {
    /// Removes the observer; calling it again does nothing.
    func cancel()
}
