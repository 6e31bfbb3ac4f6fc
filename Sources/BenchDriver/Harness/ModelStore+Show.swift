import ModelGraph
import StoreInterface

/// A model on a screen: the handle the screen holds and the observation that
/// keeps it current. Keep it to keep showing the model.
public struct ShownModel: Sendable {
    let token: ObservationToken
    let holder: AnyObject & Sendable
}

extension ModelStore {
    /// Observes a model and looks it up, holding the latest handle it is
    /// given, as a screen showing the model does. (A screen that observed
    /// without holding would make a live-object store build an object for
    /// every notification, only for it to die again.) Observing first, no
    /// write can fall unseen between the two.
    func show(_ model: ModelRef) -> ShownModel {
        switch model {
        case .user(let id): shown({ observe(id, $0) }, lookup: { user(id) })
        case .tag(let id): shown({ observe(id, $0) }, lookup: { tag(id) })
        case .note(let id): shown({ observe(id, $0) }, lookup: { note(id) })
        case .message(let id): shown({ observe(id, $0) }, lookup: { message(id) })
        }
    }

    private func shown<Handle: Sendable>(
        _ observe: (@escaping @Sendable (ModelChange<Handle>) -> Void) -> ObservationToken,
        lookup: () -> Handle?
    ) -> ShownModel {
        let holder = HeldModels<Handle>(count: 1)
        let token = observe(holder.handler(for: 0))
        holder.fill(0, with: lookup())
        return ShownModel(token: token, holder: holder)
    }
}
