/// How far a fit has come: which pass over the items, and how many of its items it has learned
/// from, for a front end to draw a progress bar.
public struct ParameterFitProgress: Hashable, Sendable {
  /// The pass under way, from 1 to ``epochs``.
  public var epoch: Int
  /// The passes the fit makes over the items.
  public var epochs: Int
  /// The items of this pass learned from so far.
  public var items: Int
  /// The items of a pass.
  public var itemsPerEpoch: Int

  /// The share of the fit done, from 0 to 1.
  public var fraction: Double {
    guard epochs > 0, itemsPerEpoch > 0 else { return 1 }
    let done = Double(epoch - 1) + Double(items) / Double(itemsPerEpoch)
    return min(max(done / Double(epochs), 0), 1)
  }
}
