/// Keeps a value alive and observable, so work producing it is not removed.
@inline(never)
@usableFromInline func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
