extension Dictionary {
    /// Mutates the value for `key` in place, or stores `make()` if there is none.
    ///
    /// Goes through `values[index]`, which mutates in place without the
    /// heap-allocated coroutine frame that `self[key]?.mutate()` costs.
    @inlinable
    public mutating func update(
        _ key: Key, creating make: @autoclosure () -> Value, _ body: (inout Value) -> Void
    ) {
        if let index = index(forKey: key) {
            body(&values[index])
        } else {
            self[key] = make()
        }
    }
}

extension Dictionary {
    /// Adds `element` to the set stored under `key`.
    @inlinable
    public mutating func insert<Element>(_ element: Element, intoSetAt key: Key) where Value == Set<Element> {
        update(key, creating: [element]) { $0.insert(element) }
    }

    /// Removes `element` from the set under `key`, dropping the set once empty.
    @inlinable
    public mutating func remove<Element>(_ element: Element, fromSetAt key: Key) where Value == Set<Element> {
        guard let index = index(forKey: key) else { return }
        values[index].remove(element)
        if values[index].isEmpty { remove(at: index) }
    }
}
