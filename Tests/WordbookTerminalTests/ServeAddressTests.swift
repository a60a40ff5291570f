import Foundation
import Testing
import WordbookTestSupport

@testable import WordbookTerminal

/// `serve`'s address as a phone keeps it: the same after a restart until `--new-key`, and
/// printed as a QR code that reads back as the printed address.
@Suite(
  .enabled(if: serveLibraryIsInstalled, "libmicrohttpd12 is not installed"),
  .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "needs curl"))
struct ServeAddressTests {
  /// The address `serve` printed.
  private func address(in printed: String) throws -> String {
    String(try #require(printed.firstMatch(of: /Study in a browser: (\S+)/), "\(printed)").1)
  }

  /// An address's page and token: what stays the same when the port changes.
  private func page(of address: String) throws -> String {
    String(try #require(address.firstMatch(of: /:\d+(\/.*)$/)).1)
  }

  /// The HTTP status curl gets for `url`: an address with its token answers 303, setting the
  /// token's cookie and sending the browser on to the page without the token in its address.
  private func status(_ url: String) async throws -> String {
    try await SpawnedCommand.run(
      ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "20", url]
    ).output
  }

  @Test func theAddressOutlivesARestartUntilANewKey() async throws {
    let runner = try WordbookProcess()
    let first = try await Serving([], runner: runner)
    let firstPage = try page(of: try address(in: first.printed))
    #expect(await first.stop(keepingFolder: true) == 0)

    // The port is new (`--port 0`); the page and its token are the ones bookmarked.
    let second = try await Serving([], runner: runner)
    let secondAddress = try address(in: second.printed)
    #expect(try page(of: secondAddress) == firstPage)
    #expect(try await status(secondAddress) == "303")
    #expect(await second.stop(keepingFolder: true) == 0)

    let renewed = try await Serving(["--new-key"], runner: runner)
    let renewedAddress = try address(in: renewed.printed)
    let origin = renewedAddress.replacing(try page(of: renewedAddress), with: "")
    #expect(try page(of: renewedAddress) != firstPage)
    #expect(try await status(renewedAddress) == "303")
    #expect(try await status(origin + firstPage) == "403")
    #expect(await renewed.stop() == 0)
  }

  @Test(.enabled(if: QRDecoder.runs, QRDecoder.unavailable))
  func theQRCodeReadsAsThePrintedAddress() async throws {
    let serving = try await Serving(["--qr"])
    let printed = serving.printed
    #expect(await serving.stop() == 0)
    let lines = QRDecoder.codeLines(in: printed)
    #expect(!lines.isEmpty, "\(printed)")
    #expect(try await QRDecoder.decode(lines) == address(in: printed))
    // Piped, the code has no colours; the address line comes first.
    #expect(!printed.contains("\u{1B}"))
  }

  /// On every address, the code is of this machine's address on its network, which a phone
  /// opens.
  @Test(.enabled(if: QRDecoder.runs, QRDecoder.unavailable))
  func onEveryAddressTheQRCodeIsTheNetworkAddress() async throws {
    let network = try #require(LocalNetwork.address(), "this machine has no network address")
    let serving = try await Serving(["--host", "0.0.0.0", "--qr"])
    let printed = serving.printed
    let phone = try #require(printed.firstMatch(of: /From a phone on this network: (\S+)/)).1
    let opened = try await status(String(phone))
    #expect(await serving.stop() == 0)
    #expect(phone.hasPrefix("http://\(network):"))
    #expect(try await QRDecoder.decode(QRDecoder.codeLines(in: printed)) == String(phone))
    #expect(opened == "303")
  }

  /// On a terminal the code is drawn without `--qr`, in black on white; a window too narrow
  /// for it gets a sentence instead of a code its wrapping would break.
  @Test(.enabled(if: TmuxSession.executable != nil, "needs tmux"), arguments: [80, 40])
  func aTerminalGetsTheCodeWhenItFits(columns: Int) async throws {
    let runner = try WordbookProcess()
    defer { runner.removeFolder() }
    let tmux = try await TmuxSession(
      [WordbookProcess.executable.path, "--db", runner.databasePath, "serve", "--port", "0"],
      environment: runner.environment.merging(["TERM": "screen"]) { $1 }, columns: columns,
      rows: 50)
    let screen = try await tmux.waitForScreen("the address") {
      $0.contains { $0.contains("Ctrl-C") }
    }
    let drawn = screen.filter { line in line.count > 20 && line.allSatisfy { " ▀▄█".contains($0) } }
    if columns >= 57 {
      // Version 8 (49 modules), two rows a line; the quiet zone's blank lines are not drawn
      // rows.
      let rows = 25
      #expect(drawn.count == rows, "\(screen.joined(separator: "\n"))")
    } else {
      #expect(drawn.isEmpty)
      #expect(
        try tmux.screenJoiningWrappedRows().contains {
          $0.contains("QR code needs a window 57 columns wide")
        })
    }
  }
}
