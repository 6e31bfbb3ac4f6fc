import StoreInterface
import Synchronization

@testable import ModelGraph

/// What an app screen does with one model: hold what the store handed out,
/// and swap in whatever its observer is handed. For a uniquing store the
/// swap hands back the same object; for a snapshot store, a new value.
package final class Screen<Handle: Sendable>: Sendable {
    private let state: Mutex<(held: Handle?, updates: Int, deleted: Bool)>
    private let token = Mutex<ObservationToken?>(nil)

    package init(holding handle: Handle?) {
        state = Mutex((handle, 0, false))
    }

    package var held: Handle? { state.withLock { $0.held } }
    package var updates: Int { state.withLock { $0.updates } }
    package var sawDeletion: Bool { state.withLock { $0.deleted } }

    /// The handler to register with the store.
    package var handler: @Sendable (ModelChange<Handle>) -> Void {
        { [weak self] change in
            self?.state.withLock { state in
                switch change {
                case .updated(let handle):
                    state.held = handle
                    state.updates += 1
                case .deleted:
                    state.deleted = true
                }
            }
        }
    }

    /// Keeps the observation alive for as long as the screen lives.
    package func keep(_ observation: ObservationToken) {
        token.withLock { $0 = observation }
    }
}

extension ModelStore {
    /// A screen holding the note and observing it.
    package func screen(showing id: NoteID) -> Screen<NoteHandle> {
        let screen = Screen(holding: note(id))
        screen.keep(observe(id, screen.handler))
        return screen
    }

    package func screen(showing id: MessageID) -> Screen<MessageHandle> {
        let screen = Screen(holding: message(id))
        screen.keep(observe(id, screen.handler))
        return screen
    }

    package func screen(showing id: UserID) -> Screen<UserHandle> {
        let screen = Screen(holding: user(id))
        screen.keep(observe(id, screen.handler))
        return screen
    }

    package func screen(showing id: TagID) -> Screen<TagHandle> {
        let screen = Screen(holding: tag(id))
        screen.keep(observe(id, screen.handler))
        return screen
    }
}
