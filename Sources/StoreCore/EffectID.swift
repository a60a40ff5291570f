/// The identity of a cancellable effect: any hashable, sendable value.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
  // Invariant: `base` is only ever made from a value that is `Sendable`, by the initializer
  // below, so sharing it across concurrency domains is safe.
  private let base: AnyHashable

  init(_ base: some Hashable & Sendable) {
    self.base = AnyHashable(base)
  }
}
