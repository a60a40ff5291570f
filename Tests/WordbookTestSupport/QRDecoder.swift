import Foundation
import Testing

/// zbarimg, from Debian's `zbar-tools`: an independent QR decoder that reads the codes drawn
/// with half blocks; the terminal's tests read `serve`'s code with it, and so does the web's test
/// of a phone that opens the address it reads.
///
/// Outside CI a machine without it skips the tests that need it; in CI, where `.ci/run`
/// installs it, they run and fail without it.
public enum QRDecoder {
  /// Where Debian installs it.
  public static let path = "/usr/bin/zbarimg"

  /// Whether the tests that need zbarimg run.
  public static let runs =
    ProcessInfo.processInfo.environment["CI"] == "true"
    || FileManager.default.isExecutableFile(atPath: path)

  /// Why they are skipped when they are.
  public static let unavailable = Comment(rawValue: "needs zbarimg: apt-get install zbar-tools")

  /// The lines of `text` that draw a QR code: half blocks and spaces only.
  public static func codeLines(in text: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { line in
      line.count > 20 && line.allSatisfy { " ▀▄█".contains($0) }
    }
  }

  /// What zbarimg reads in `lines`, drawn as a greyscale image, each module `scale` pixels.
  public static func decode(_ lines: [String], scale: Int = 3) async throws -> String {
    let rows = lines.flatMap { line -> [[Bool]] in
      let characters = Array(line)
      return [
        characters.map { $0 == "█" || $0 == "▀" }, characters.map { $0 == "█" || $0 == "▄" },
      ]
    }
    let width = (rows.first?.count ?? 0) * scale
    var image = Data("P5\n\(width) \(rows.count * scale)\n255\n".utf8)
    for row in rows {
      let pixels = row.flatMap { Array(repeating: UInt8($0 ? 0 : 255), count: scale) }
      for _ in 0..<scale { image.append(contentsOf: pixels) }
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("qr-\(UUID().uuidString).pgm")
    try image.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try await SpawnedCommand.run([path, "--raw", "-q", "-Sbinary", file.path]).output
  }
}
