/// The study page as the web scenario drives it: which book to open, which card to use, and
/// the scripts that time a change from inside the page.
///
/// Each timing script leaves its figure in `window.wordbookBenchmark`, which the scenario
/// polls; the figure is set from a task queued in the `requestAnimationFrame` callback of the
/// frame after the change, so it counts the frame's rendering too.
struct WebPage {
  let driver: WebDriverClient
  /// How many words the big book holds; its word IDs are 1…size.
  let size: Int

  /// The script that records `expression` once the frame after now has rendered.
  private static func afterNextFrame(_ key: String, _ expression: String) -> String {
    """
    requestAnimationFrame(() => setTimeout(() => {
      window.wordbookBenchmark.\(key) = \(expression);
    }, 0));
    """
  }

  private static let prepare = "window.wordbookBenchmark = window.wordbookBenchmark || {};"

  /// The IDs of the benchmark's big book and of the small one, once the picker shows them.
  func bookIDs() throws(ChildProcessError) -> (big: Int, small: Int) {
    func id(_ title: String) throws(ChildProcessError) -> Int {
      let script = """
        const button = Array.from(document.querySelectorAll('[data-book-id]'))
          .find(b => b.textContent.startsWith('\(title) ('));
        return button ? Number(button.dataset.bookId) : null;
        """
      let value: Double = try driver.number(script, within: 30)
      return Int(value)
    }
    return (try id("Benchmark"), try id("Small"))
  }

  /// Unfolds the picker when a book is open and the picker shows only its title, so that the
  /// books can be clicked.
  private func unfoldPicker() throws(ChildProcessError) {
    let folded = "return document.getElementById('open-book')?.hidden === false ? 1 : 0"
    if try driver.number(folded, within: 10) == 1 { try driver.click("#open-book") }
  }

  /// Clicks `book` and waits until the first card shown satisfies `condition` (JavaScript
  /// about `card`).
  func open(_ book: Int, waitingFor condition: String) throws(ChildProcessError) {
    try unfoldPicker()
    try driver.click("[data-book-id='\(book)']")
    let script = """
      const card = document.querySelector('#cards [data-word-id]');
      return card && (\(condition)) ? 1 : null;
      """
    _ = try driver.number(script, within: 120)
  }

  /// Waits until the page's tally counts every word of the big book: the rest of the book,
  /// which a big book reads after its first page, is in.
  func waitUntilWholeBook() throws(ChildProcessError) {
    let script = """
      const counts = (document.getElementById('tally').textContent.match(/\\d+/g) || [])
        .map(Number);
      return counts.length >= 3 && counts[0] + counts[1] + counts[2] === \(size) ? 1 : null;
      """
    _ = try driver.number(script, within: 600)
  }

  /// Clicks the big book and returns the nanoseconds from the click to the frame that shows
  /// its first cards.
  func timeFirstCards(of book: Int) throws(ChildProcessError) -> Double {
    let script = """
      \(Self.prepare)
      window.wordbookBenchmark.firstCards = null;
      const list = document.getElementById('cards');
      let start = null;
      document.addEventListener('click', () => { start = performance.now(); },
        { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const card = list.querySelector('[data-word-id]');
        if (start === null || !card || Number(card.dataset.wordId) > \(size)) return;
        observer.disconnect();
        \(Self.afterNextFrame("firstCards", "performance.now() - start"))
      });
      observer.observe(list, { childList: true });
      """
    try unfoldPicker()
    try driver.run(script)
    try driver.click("[data-book-id='\(book)']")
    return try driver.number("return window.wordbookBenchmark.firstCards", within: 120) * 1e6
  }

  /// The ID of a shown card not yet marked known nor used by an earlier measurement, which
  /// it is then marked as, scrolled into the middle of the window so a pointer can reach it.
  ///
  /// Every run marks a card, so after enough runs the shown cards are used up: the page then
  /// turns to its next window of cards (once per window, waiting for it to be drawn), and to
  /// -1 only on the book's last window.
  func unusedCard() throws(ChildProcessError) -> Int {
    let script = """
      const cards = Array.from(document.querySelectorAll('#cards [data-word-id]'));
      const card = cards.find(c => c.dataset.state !== 'known' && !c.dataset.benchmarkUsed);
      if (!card) {
        const next = document.getElementById('next');
        if (!next || next.disabled) return -1;
        const first = cards.length ? cards[0].dataset.wordId : '';
        if (window.wordbookBenchmarkTurnedFrom !== first) {
          window.wordbookBenchmarkTurnedFrom = first;
          next.click();
        }
        return null;
      }
      card.dataset.benchmarkUsed = '1';
      card.scrollIntoView({ block: 'center' });
      return Number(card.dataset.wordId);
      """
    let value: Double = try driver.number(script, within: 10)
    return Int(value)
  }

  /// The script that waits for the card of `id` to show it known, then records `expression`
  /// under `key` after the next frame.
  private func whenSuccess(of id: Int, _ key: String, _ expression: String) -> String {
    guard id > 0 else { return "" }
    return """
      window.wordbookBenchmark.\(key) = null;
      const cards = document.getElementById('cards');
      const observer = new MutationObserver(() => {
        const card = cards.querySelector('[data-word-id="\(id)"]');
        if (!card || card.dataset.state !== 'known' || !ready()) return;
        observer.disconnect();
        \(Self.afterNextFrame(key, expression))
      });
      observer.observe(cards,
        { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
      """
  }

  /// Swipes the card of `id` to the right and returns the nanoseconds from its `pointerup` to
  /// the frame that shows it marked.
  func timeSwipe(of id: Int) throws(ChildProcessError) -> Double {
    guard id > 0 else { throw ChildProcessError(description: "no unmarked card left to swipe") }
    let script = """
      \(Self.prepare)
      let start = null;
      const ready = () => start !== null;
      document.addEventListener('pointerup', (event) => { start = event.timeStamp; },
        { capture: true, once: true });
      \(whenSuccess(of: id, "swipe", "performance.now() - start"))
      """
    try driver.run(script)
    try driver.swipe("#cards [data-word-id='\(id)']", dx: 160)
    return try driver.number("return window.wordbookBenchmark.swipe", within: 30) * 1e6
  }

  /// Starts waiting for the card of `id` to show it known, marked elsewhere; the time of the
  /// frame that shows it, in milliseconds since 1970, lands in `wordbookBenchmark.feed`.
  func watchFeed(of id: Int) throws(ChildProcessError) {
    guard id > 0 else { throw ChildProcessError(description: "no unmarked card left to mark") }
    let script = """
      \(Self.prepare)
      const ready = () => true;
      \(whenSuccess(of: id, "feed", "performance.timeOrigin + performance.now()"))
      """
    try driver.run(script)
  }
}
