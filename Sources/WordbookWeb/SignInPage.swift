import Wordbook
import WordbookInterchange

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sign-in page of a server with accounts: a plain HTML form (`name`, `password`) posted
/// to `login`, with no script, in the browser's language.
enum SignInPage {
  /// The page, with `message` above the form (a refusal, a pause) and `name` kept in its field;
  /// `retryAfter` says in how many seconds to try again (`Retry-After`).
  static func response(
    _ language: Language, status: UInt32 = 200, message: String? = nil, name: String = "",
    retryAfter: Int64? = nil
  ) -> HTTPResponse {
    let texts = language.pageCatalogue.signInTexts
    let notice = message.map {
      "  <p id=\"sign-in-message\" role=\"alert\">\(String.markupEscaped($0))</p>\n"
    }
    let html = """
      <!doctype html>
      <html lang="\(language.rawValue)">
      <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(String.markupEscaped(texts.title))</title>
        <link rel="stylesheet" href="app.css">
      </head>
      <body>
        <h1>\(String.markupEscaped(texts.title))</h1>
      \(notice ?? "")  <form id="sign-in" method="post" action="login">
          <label for="name">\(String.markupEscaped(texts.name))</label>
          <input id="name" name="name" autocomplete="username" required value="\(String.markupEscaped(name))">
          <label for="password">\(String.markupEscaped(texts.password))</label>
          <input id="password" name="password" type="password" autocomplete="current-password"
            required>
          <button id="sign-in-button" type="submit">\(String.markupEscaped(texts.signIn))</button>
        </form>
      </body>
      </html>

      """
    var response = HTTPResponse(
      status: status, contentType: "text/html; charset=utf-8", body: Data(html.utf8),
      headers: [("Vary", "Accept-Language")] + (retryAfter.map { [("Retry-After", "\($0)")] } ?? [])
    )
    // The one form that posts: to this server alone, and with its origin (under
    // `no-referrer` a browser sends a form's Origin as `null`, which the server refuses).
    response.headers = response.headers.map { header in
      switch header.name {
      case "Content-Security-Policy":
        (header.name, header.value.replacing("form-action 'none'", with: "form-action 'self'"))
      case "Referrer-Policy": (header.name, "same-origin")
      default: header
      }
    }
    return response
  }
}
