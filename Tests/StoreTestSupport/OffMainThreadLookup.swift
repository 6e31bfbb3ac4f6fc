import Foundation
import ModelGraph
import StoreInterface

/// Looks user `id` up in `store` from a thread of its own and waits for it:
/// what a store confined to its main thread must trap on. For the body of an
/// exit test.
package func lookUpOffTheMainThread<Store: ModelStore>(_ store: Store, _ id: UserID = UserID(1)) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        _ = store.user(id)
        done.signal()
    }
    thread.start()
    done.wait()
}
