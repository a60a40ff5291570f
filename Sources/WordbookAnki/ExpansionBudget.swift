/// How many bytes a package may expand to in all: every member read, and every layer of
/// compression inside one (a zstd collection inside a deflated member) counts against the one
/// budget, so that layers each under the ratio limit cannot multiply it.
///
/// A reference, because the layers of one read spend it while one another runs: the zip reader
/// hands inflated bytes to the zstd decoder, which spends its own output.
final class ExpansionBudget {
  /// The most the package may expand to.
  let limit: Int
  /// What has been spent so far.
  private(set) var spent = 0

  /// A budget of `limit` bytes.
  init(limit: Int) {
    self.limit = limit
  }

  /// Spends `count` more bytes produced for the member `name`.
  ///
  /// - Throws: ``AnkiPackageError/packageTooLarge(_:limit:)`` past the limit.
  func spend(_ count: Int, on name: String) throws(AnkiPackageError) {
    guard count <= limit - spent else { throw .packageTooLarge(name, limit: limit) }
    spent += count
  }
}
