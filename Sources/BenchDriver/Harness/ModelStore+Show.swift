import ModelGraph
import StoreInterface

/// A model on a screen: the handle the screen holds and the observation that
/// keeps it current. Keep it to keep showing the model.
public struct ShownModel: Sendable {
    let token: ObservationToken
    let holder: AnyObject & Sendable
}

extension ModelStore {
    /// Looks a model up and observes it, holding the latest handle it is
    /// given, as a screen showing the model does. (A screen that observed
    /// without holding would make a uniquing store build an object for
    /// every notification, only for it to die again.)
    func show(_ model: ModelRef) -> ShownModel {
        switch model {
        case .user(let id): shown(user(id)) { observe(id, $0) }
        case .tag(let id): shown(tag(id)) { observe(id, $0) }
        case .note(let id): shown(note(id)) { observe(id, $0) }
        case .message(let id): shown(message(id)) { observe(id, $0) }
        }
    }

    private func shown<Handle: Sendable>(
        _ handle: Handle?, _ observe: (@escaping @Sendable (ModelChange<Handle>) -> Void) -> ObservationToken
    ) -> ShownModel {
        let holder = HeldModels([handle])
        return ShownModel(token: observe(holder.handler(for: 0)), holder: holder)
    }
}
