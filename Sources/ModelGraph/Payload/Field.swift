/// One field of a partial server payload: absent, or present with a value.
///
/// For an optional model field, `.present(nil)` is an explicit JSON `null`
/// (the field becomes nil), distinct from `.absent` (the field keeps its
/// cached value).
public enum Field<Value> {
    case absent
    case present(Value)

    /// The value, if the payload carries one.
    @inlinable
    public var value: Value? {
        if case .present(let value) = self { return value }
        return nil
    }

    @inlinable
    public var isPresent: Bool {
        if case .present = self { return true }
        return false
    }
}

extension Field: Sendable where Value: Sendable {}
extension Field: Equatable where Value: Equatable {}
extension Field: Hashable where Value: Hashable {}

extension Field where Value: Equatable {
    /// Writes the carried value into `field` if it differs.
    ///
    /// - Returns: whether `field` changed. Equal values are not written, so a
    ///   no-op merge does not touch (or copy) the cached value.
    @inlinable
    public func merge(into field: inout Value) -> Bool {
        guard case .present(let value) = self, value != field else { return false }
        field = value
        return true
    }
}
