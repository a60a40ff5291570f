/// Formats the results as a Markdown table for the terminal and the record, and as JSON.
enum Report {
  /// The table: one row per measurement, one more per extra comparison.
  @MainActor
  static func table(_ results: Results) -> String {
    table(results.measurements, results.checks)
  }

  /// The table of `measurements`, each with its rows of `checks`.
  static func table(_ measurements: [Measurement], _ allChecks: [Check]) -> String {
    var lines = [
      "| benchmark | median | min – max | compared with | ratio | target | result |",
      "| --- | ---: | ---: | --- | ---: | --- | --- |",
    ]
    let baselines = Set(allChecks.map(\.baseline))
    for measurement in measurements {
      let checks = allChecks.filter { $0.subject == measurement.name }
      let range =
        "\(format(measurement.minimum, measurement.unit)) – "
        + format(measurement.maximum, measurement.unit)
      var cells = [
        "`\(measurement.name)`", format(measurement.median, measurement.unit), range,
      ]
      if checks.isEmpty {
        cells += [baselines.contains(measurement.name) ? "(baseline)" : "", "", "", ""]
        lines.append("| " + cells.joined(separator: " | ") + " |")
      }
      for (offset, check) in checks.enumerated() {
        if offset > 0 { cells = ["", "", ""] }
        cells += ["`\(check.baseline)`", ratio(check), target(check), verdict(check)]
        lines.append("| " + cells.joined(separator: " | ") + " |")
      }
    }
    return lines.joined(separator: "\n")
  }

  static func ratio(_ check: Check) -> String {
    guard check.ratio.isFinite else { return "n/a" }
    return switch check.kind {
    case .atMost: "\(decimal(check.ratio))×"
    case .fasterBy: "\(decimal(check.ratio))× faster"
    }
  }

  static func target(_ check: Check) -> String {
    guard let limit = check.limit else { return "" }
    let text =
      switch check.kind {
      case .atMost: "≤ \(decimal(limit))×"
      case .fasterBy: "≥ \(decimal(limit))× faster"
      }
    return check.isJudged ? text : "(\(text) from 1M)"
  }

  static func verdict(_ check: Check) -> String {
    switch check.passed {
    case true?: "PASS"
    case false?: "**FAIL**"
    case nil: ""
    }
  }

  /// A time in nanoseconds, a size in bytes or a count of calls, with a unit that keeps it
  /// short.
  static func format(_ value: Double, _ unit: Measurement.Unit) -> String {
    switch unit {
    case .bytes:
      return "\(decimal(value / 1_048_576)) MiB"
    case .notifications:
      return "\(decimal(value)) calls"
    case .perSecond:
      return "\(decimal(value)) /s"
    case .count:
      return decimal(value)
    case .nanoseconds:
      if value < 1_000 { return "\(decimal(value)) ns" }
      if value < 1_000_000 { return "\(decimal(value / 1_000)) µs" }
      if value < 1_000_000_000 { return "\(decimal(value / 1_000_000)) ms" }
      return "\(decimal(value / 1_000_000_000)) s"
    }
  }

  /// Three significant digits, without exponents.
  static func decimal(_ value: Double) -> String {
    guard value.isFinite else { return "n/a" }
    let digits = value >= 100 ? 0 : (value >= 10 ? 1 : 2)
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    if digits == 0 { return String(Int(rounded)) }
    let whole = Int(rounded)
    let fraction = Int(((rounded - Double(whole)) * scale).rounded())
    let padded = String(fraction)
    return "\(whole)." + String(repeating: "0", count: digits - padded.count) + padded
  }

  /// The whole run as JSON.
  @MainActor
  static func json(_ results: Results, machine: Machine, options: Options) -> String {
    let measurements = results.measurements.map { measurement in
      let samples = measurement.samples.map { number($0) }.joined(separator: ", ")
      return """
            {"name": \(string(measurement.name)), "scenario": \(string(measurement.scenario)), \
        "size": \(measurement.size.map(String.init) ?? "null"), \
        "unit": \(string(measurement.unit.rawValue)), "median": \(number(measurement.median)), \
        "min": \(number(measurement.minimum)), "max": \(number(measurement.maximum)), \
        "samples": [\(samples)]}
        """
    }
    let checks = results.checks.map { check in
      let passed = check.passed.map { $0 ? "true" : "false" } ?? "null"
      return """
            {"subject": \(string(check.subject)), "baseline": \(string(check.baseline)), \
        "kind": \(string(check.kind.rawValue)), "ratio": \(number(check.ratio)), \
        "target": \(check.limit.map(number) ?? "null"), "judged": \(check.isJudged), \
        "passed": \(passed)}
        """
    }
    let notes = results.notes.map { "    \(string($0))" }
    return """
      {
        "machine": {"cores": \(machine.cores), "processor": \(string(machine.processor)), \
      "loadAtStart": \(string(machine.loadAtStart)), "loadAtEnd": \(string(machine.loadAtEnd))},
        "clock": \(string(options.clock.label)),
        "runs": \(options.runs),
        "sizes": [\(options.sizes.map(String.init).joined(separator: ", "))],
        "measurements": [
      \(measurements.joined(separator: ",\n"))
        ],
        "checks": [
      \(checks.joined(separator: ",\n"))
        ],
        "notes": [
      \(notes.joined(separator: ",\n"))
        ]
      }

      """
  }

  static func number(_ value: Double) -> String {
    value.isFinite ? String(value) : "null"
  }

  static func string(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return escaped + "\""
  }
}
