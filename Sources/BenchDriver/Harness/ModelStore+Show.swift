import ModelGraph
import StoreInterface
import Synchronization

/// A model on a screen: the handle the screen holds and the observation that
/// keeps it current. Keep it to keep showing the model.
@usableFromInline struct ShownModel: Sendable {
    let token: ObservationToken
    let holder: AnyObject & Sendable
    /// Displays the held row again if an observer changed it since the last
    /// time: what the screen does when its model changes. Returns whether it did.
    let rerender: @Sendable (inout RowChecksum) -> Bool
}

extension ModelStore {
    /// Observes a model and looks it up, holding the latest handle it is
    /// given, as a screen showing the model does. (A screen that observed
    /// without holding would make a live-object store build an object for
    /// every notification, only for it to die again.) Observing first, no
    /// write can fall unseen between the two.
    func show(_ model: ModelRef) -> ShownModel {
        switch model {
        case .user(let id): shown({ observe(id, $0) }, lookup: { user(id) }, display: { self.display($0, into: &$1) })
        case .tag(let id): shown({ observe(id, $0) }, lookup: { tag(id) }, display: { self.display($0, into: &$1) })
        case .note(let id): shown({ observe(id, $0) }, lookup: { note(id) }, display: { self.display($0, into: &$1) })
        case .message(let id):
            shown({ observe(id, $0) }, lookup: { message(id) }, display: { self.display($0, into: &$1) })
        }
    }

    private func shown<Handle: Sendable>(
        _ observe: (@escaping @Sendable (ModelChange<Handle>) -> Void) -> ObservationToken,
        lookup: () -> Handle?,
        display: @escaping @Sendable (Handle, inout RowChecksum) -> Void
    ) -> ShownModel {
        let holder = HeldModels<Handle>(count: 1)
        let token = observe(holder.handler(for: 0))
        holder.fill(0, with: lookup())
        let rendered = Atomic<Int>(0)
        return ShownModel(token: token, holder: holder) { sink in
            let updates = holder.updateCount
            guard updates != rendered.load(ordering: .relaxed), let handle = holder[0] else { return false }
            rendered.store(updates, ordering: .relaxed)
            display(handle, &sink)
            return true
        }
    }
}
