/// Keeps one observation alive. Releasing the token (or calling `cancel()`)
/// removes the observer; an owner that keeps its tokens ends its
/// observations by going away.
///
/// Once cancelled, the handler is not called for any notification delivered
/// afterwards. A delivery already running on another thread may finish its
/// call.
public final class ObservationToken: Sendable {
    private let observer: any CancellableObserver

    init(_ observer: any CancellableObserver) {
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

protocol CancellableObserver: AnyObject, Sendable {
    func cancel()
}
