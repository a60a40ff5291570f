import Wordbook

/// The study page's texts, the sign-in page's and the server's refusals in English.
extension EnglishCatalogue: PageCatalogue {
  var pageTexts: PageTexts {
    PageTexts(
      title: PageTexts.shared(.appName, .english), books: "Wordbooks", dismiss: "Dismiss",
      shuffle: "Shuffle",
      mode: "Show",
      modeAll: PageTexts.shared(.modeAll, .english),
      modeExcludeSuccess: PageTexts.shared(.modeExcludeSuccess, .english),
      modeFailedOnly: PageTexts.shared(.modeFailedOnly, .english),
      modeDue: PageTexts.shared(.modeDue, .english),
      hard: "Hard", easy: "Easy",
      roundCounts: PageTexts.shared(.roundCounts, .english),
      roundLeft: PageTexts.shared(.roundLeft, .english),
      dueNext: PageTexts.shared(.dueNext, .english),
      dueFailed: PageTexts.shared(.dueFailed, .english),
      dueReading: PageTexts.shared(.dueReading, .english),
      undo: "Undo", redo: "Redo", previous: "Previous", next: "Next", addWord: "Add a word",
      term: "Term", meaning: "Meaning", save: "Save", saving: PageTexts.shared(.saving, .english),
      search: PageTexts.shared(.search, .english), searchPlaceholder: "Search terms and meanings",
      reverse: PageTexts.shared(.meaningFirst, .english), edit: "Edit", delete: "Delete",
      cancel: "Cancel",
      editWord: "Edit the word", deleteWord: "Delete the word",
      editLabel: "Edit “{term}”", deleteLabel: "Delete “{term}”",
      deleteQuestion: PageTexts.shared(.deleteWordQuestion, .english) + " "
        + PageTexts.shared(.deletionIsFinal, .english),
      booksLoading: PageTexts.shared(.booksLoading, .english),
      booksEmpty: PageTexts.shared(.booksEmpty, .english),
      booksFailed: PageTexts.shared(.booksFailed, .english),
      cardsLoading: PageTexts.shared(.wordsLoading, .english),
      cardsFailed: "The words could not be loaded: {reason}", cardsEmpty: "No words to show here.",
      tally: PageTexts.tally(in: .english),
      unsaved: " · {count} not saved yet", position: "{from}–{to} of {count}",
      signedInAs: "Signed in as {name}", signOut: "Sign out",
      connecting: "Connecting…", disconnected: "Connection lost; reconnecting…",
      eventsRefused:
        "The server did not open this page: too many pages are open, or it is stopping. "
        + "Close another page, then reload this one.",
      unreachable:
        "The server could not be reached. Check that “wordbook serve” is still running, "
        + "then try again.",
      sessionEnded: sentence(.sessionEnded),
      offline: "Offline: the cards as they were when the server was last reached; reconnecting…",
      ratingWaiting: "1 rating waiting to be sent",
      ratingsWaiting: "{count} ratings waiting to be sent",
      ratingsNotKept: "This browser cannot keep ratings while offline: the rating was not kept.",
      forbidden: "The server refused the request. Open the address “wordbook serve” printed.",
      refused: "The server refused the request (HTTP {status}). Reload the page.",
      viewCards: "Cards", viewList: "List", views: "View",
      stats: "Reviews", showChart: "Show the review chart",
      knew: "Knew it", didNotKnow: "Didn’t know", roundProgress: "Round progress",
      focusPosition: "Card {n} of {count}",
      focusCard: "Card: tap or press Space to turn it",
      focusHint: "Tap the card to turn it. Swipe it right if you knew it, left if you did not.",
      hintDismiss: "Got it", roundDone: PageTexts.shared(.roundOver, .english),
      focusKeysHint:
        "Click the card or press Space to turn it. Press → if you knew it, ← if you did not, "
        + "or 1 to 4 to rate it; ? lists every key.",
      roundSummary: PageTexts.shared(.roundSummary, .english),
      restudy: PageTexts.shared(.restudyMissed, .english),
      studyAgain: PageTexts.shared(.restudyRound, .english),
      openBook: "Wordbook: {title}", changeBook: "Change",
      newBook: "New wordbook", newBookTitle: "Title of the new wordbook", create: "Create",
      renameBook: "Rename this wordbook", renameTitle: "New title", rename: "Rename",
      deleteBook: "Delete this wordbook", deleteBookTitle: "Delete the wordbook",
      deleteBookQuestion: PageTexts.shared(.deleteBookQuestion, .english),
      oneWord: PageTexts.shared(.oneWord, .english), words: PageTexts.shared(.words, .english),
      first: "First", last: "Last", jump: "Go", jumpLabel: "Go to card number",
      keys: PageKeys.help(in: .english, title: "Keys", swipe: "Swipe a card right or left."),
      typing: PageTexts.shared(.typing, .english),
      typeTheAnswer: PageTexts.shared(.typeTheAnswer, .english), check: "Check",
      typedAnswer: "You typed", expectedAnswer: "Answer",
      proposedRating: PageTexts.shared(.proposedRating, .english),
      ratingAgain: PageTexts.shared(.ratingAgain, .english),
      ratingHard: PageTexts.shared(.ratingHard, .english),
      ratingGood: PageTexts.shared(.ratingGood, .english),
      ratingEasy: PageTexts.shared(.ratingEasy, .english),
      say: PageTexts.shared(.say, .english), sayNewCards: "Say new cards",
      cannotSay: "This browser cannot read words aloud.",
      menu: "Menu")
  }

  var signInTexts: SignInTexts {
    SignInTexts(
      title: "Sign in to Wordbook", name: "Name", password: "Password", signIn: "Sign in",
      refused: "The name or the password is wrong.",
      signedOut: "You are signed out.",
      tooSoon: { "Too many failed sign-ins; try again in \($0) minute\($0 == 1 ? "" : "s")." },
      nameTooLong: { "No account has a name that long: a name has at most \($0) bytes." },
      busy: "Many sign-ins from your network are being checked; try again in a moment.",
      overloaded: "The server is busy checking other sign-ins; try again in a moment.",
      unavailable: "The server cannot check passwords now; try again in a moment.")
  }

  func sentence(_ refusal: ServerRefusal) -> String {
    switch refusal {
    case .foreignHost:
      "This server answers only to its own address; open the address it printed."
    case .foreignOrigin: "Refused: the request did not come from Wordbook's own page."
    case .missingToken:
      "Refused: open the address that 'wordbook serve' printed; it holds this page's key."
    case .notFound(let path): "Not found: \(path)."
    case .methodNotAllowed(let method, let path): "\(method) is not allowed on \(path)."
    case .sessionEnded: "This page’s session has ended. Reload the page."
    case .stopping: "The server is stopping."
    case .tooManyPages(let limit):
      "Too many pages are open on this server (\(limit)); close one and reload this one."
    case .tooManyPagesOfLearner(let limit):
      "You have \(limit) pages open on this server; close one and reload this one."
    case .actionNotJSON: "Send the action as application/json."
    case .commandNotJSON: "Send the command as application/json."
    case .unknownAction(let reason): "The body is not an action Wordbook knows: \(reason)."
    case .unknownCommand(let reason): "The body is not a command Wordbook knows: \(reason)."
    case .actionNotFromPage:
      "The page may not send this action; only the server and its store send it."
    case .commandNotFromPage(let name): "The page may not send the command '\(name)' this way."
    case .answerTooLong(let limit): "An answer has at most \(limit) characters."
    case .signedOut: "You are signed out; sign in again at /login."
    case .noBookForChart: "Open a wordbook to see its review chart."
    case .wordNotShown: "This page shows no such word."
    case .marksNotSaved: "The mark was not saved; the page shows it as not saved. Try again."
    case .ratingsNotJSON: "Send the ratings as application/json."
    case .unknownRatings(let reason):
      "The body is not a list of ratings Wordbook knows: \(reason). None was stored."
    case .tooManyRatings(let limit):
      "Send at most \(limit) ratings in one request. None was stored."
    case .ratingAhead(let minutes):
      "The rating is dated more than \(minutes) minutes after the server’s clock, so it was "
        + "not stored. Check the device’s clock."
    case .ratingTooOld(let days):
      "The rating is more than \(days) days old, so it was not stored."
    }
  }

  func sentence(_ error: WebServerError) -> String {
    switch error {
    case .libraryMissing(let detail):
      "the web server needs GNU libmicrohttpd (\(detail)). Install it: "
        + "'apt-get install libmicrohttpd12' on Debian or Ubuntu, 'brew install libmicrohttpd' "
        + "on macOS."
    case .cannotListen(let detail): "cannot start the web server: \(detail)."
    case .daemonNotStarted(let port):
      "cannot start the web server: libmicrohttpd did not start on port \(port)."
    case .invalidPeer(let peer):
      "'\(peer)' is not a server's origin; give peers as http://HOST:PORT, with no path."
    case .invalidCertificate(let problem):
      "cannot serve HTTPS: \(Self.clause(problem)). Give the certificate and its unencrypted "
        + "private key as PEM files (openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem "
        + "-out cert.pem)."
    case .tlsUnsupported:
      "cannot serve HTTPS: this libmicrohttpd was built without TLS. Install a build with "
        + "GnuTLS (Debian's and Homebrew's libmicrohttpd have it), or put an HTTPS proxy in "
        + "front of 'wordbook serve'."
    }
  }

  private static func clause(_ problem: WebServerError.CertificateProblem) -> String {
    switch problem {
    case .notACertificate: "the certificate is not a PEM certificate"
    case .notAKey: "the key is not an unencrypted PEM private key"
    case .refused: "GnuTLS refused the certificate or its key (do they match?)"
    }
  }
}
