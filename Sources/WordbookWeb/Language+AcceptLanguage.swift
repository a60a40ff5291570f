import Wordbook

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The language of the page's texts, chosen from the browser's `Accept-Language`.
extension Language {
  /// The first of English or Korean in `header`'s order of preference; English otherwise.
  init(acceptLanguage header: String?) {
    var best: (language: Language, quality: Double)?
    for item in (header ?? "").split(separator: ",") {
      let fields = item.split(separator: ";").map { String($0).trimmingWhitespace() }
      let primary = fields[0].split(separator: "-").first.map { $0.lowercased() } ?? ""
      guard let language = Language(rawValue: primary) else { continue }
      let quality =
        fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
      if quality > (best?.quality ?? 0) { best = (language, quality) }
    }
    self = best?.language ?? .english
  }
}
