import Instrumentation
import ModelGraph

/// The data the single primitives are measured on, built once: objects, a
/// dictionary of them and weak references to them, with random keys. Built,
/// read and dropped on the measuring thread, so nothing in it is `Sendable`.
final class PrimitiveFixture {
    let lock = InstrumentedLock(site: .storeState)
    let keys: [Int]
    let mask: Int
    let plain: [Shared]
    let weaklyHeld: [Shared]
    let objects: [Int: Shared]
    let weakRows: [WeakBox]

    init(entries: Int) {
        var random = SeededRandom(seed: 0xF1002)
        let keyCount = 1 << 16
        keys = (0..<keyCount).map { _ in random.below(entries) }
        mask = keyCount - 1
        weaklyHeld = (0..<entries).map { Shared($0) }
        plain = (0..<entries).map { Shared($0) }
        objects = Dictionary(uniqueKeysWithValues: plain.enumerated().map { ($0.offset, $0.element) })
        weakRows = weaklyHeld.map { WeakBox($0) }
    }

    final class Shared {
        let number: Int
        let text: String

        init(_ number: Int) {
            self.number = number
            self.text = "a string long enough to live on the heap \(number)"
        }
    }

    /// Somewhere to store a strong reference.
    final class Slot {
        var object: Shared?
    }

    final class Tiny {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    struct WeakBox {
        weak var object: Shared?
        init(_ object: Shared) { self.object = object }
    }
}
