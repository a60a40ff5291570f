// The page's texts: the server puts them in the page as JSON (`PageTexts`, in the page's
// language, which it names in <html lang> from the browser's Accept-Language). Every text the
// page shows, its own errors included, comes from there; this module only fills in the values,
// formatted as the page's language writes them. The server words the store's errors itself.

const language = document.documentElement.lang || 'en';
const table = JSON.parse(document.getElementById('texts').textContent);

/** `template` with each `{name}` replaced by `values[name]`. */
function fill(template, values) {
  return template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
}

/** `value` of `name` (a minute, an hour, …), as short as the page's language writes it: whole
 * minutes, hours and days, narrowly ("10m", "4d"); months and years to a tenth, in the short
 * form that tells a month from a minute ("2.5 mths"). */
function unit(value, name) {
  const long = name === 'month' || name === 'year';
  return new Intl.NumberFormat(language, {
    style: 'unit', unit: name, unitDisplay: long ? 'short' : 'narrow',
    maximumFractionDigits: long ? 1 : 0,
  }).format(value);
}

/** `count` with its digits grouped as the page's language groups them. */
const number = (count) => count.toLocaleString(language);

/** Each rating's name, by the name of its command. */
const ratingNames = {
  again: table.ratingAgain, hard: table.ratingHard, good: table.ratingGood, easy: table.ratingEasy,
};

/** The texts of the page's language: plain ones as they are, the others as functions. */
export const t = {
  ...table,
  // How long a rating puts a card off, as short as Anki's "<1m", "10m", "4d".
  interval: (seconds) => {
    const units = [['minute', 60], ['hour', 3600], ['day', 86400], ['month', 2629800], ['year', 31557600]];
    if (seconds < 60) return '<' + unit(1, 'minute');
    let [name, size] = units[0];
    for (const [next, nextSize] of units) if (seconds >= nextSize) [name, size] = [next, nextSize];
    return unit(seconds / size, name);
  },
  // What the round has left: by kind for a Due round, else how many; with the next due time
  // once a Due round has nothing left.
  roundLeft: (round, due) => {
    if (due && due.status === 'failed') return table.dueFailed;
    if (due && due.status !== 'loaded') return table.dueReading;
    const c = round.counts;
    const counts = round.isScheduled
      ? fill(table.roundCounts, { new: number(c.new), learning: number(c.learning), due: number(c.due) })
      : fill(table.roundLeft, { count: number(c.new + c.learning + c.due + c.unscheduled) });
    // When the next card falls due matters once the round has nothing left to show now.
    if (!due || !due.next || !round.isScheduled || !round.isOver) return counts;
    return counts + fill(table.dueNext, { when: new Date(due.next * 1000).toLocaleString(language) });
  },
  bookCounts: (c) => fill(table.roundCounts, { new: number(c.new), learning: number(c.learning), due: number(c.due) }),
  booksFailed: (reason) => fill(table.booksFailed, { reason }),
  cardsFailed: (reason) => fill(table.cardsFailed, { reason }),
  editLabel: (term) => fill(table.editLabel, { term }),
  deleteLabel: (term) => fill(table.deleteLabel, { term }),
  deleteQuestion: (term) => fill(table.deleteQuestion, { term }),
  tally: (s) => fill(table.tally, s),
  unsaved: (count) => fill(table.unsaved, { count }),
  ratingsWaiting: (count) =>
    count === 1 ? table.ratingWaiting : fill(table.ratingsWaiting, { count: number(count) }),
  position: (from, to, count) => fill(table.position, { from, to, count }),
  signedInAs: (name) => fill(table.signedInAs, { name }),
  refused: (status) => fill(table.refused, { status }),
  focusPosition: (n, count) => fill(table.focusPosition, { n, count }),
  roundSummary: (round) =>
    fill(table.roundSummary, { known: number(round.known), notKnown: number(round.notKnown) }),
  openBook: (title) => fill(table.openBook, { title }),
  // The rating a typed answer proposes, named by its command (`hard`).
  proposedRating: (rating) => fill(table.proposedRating, { rating: ratingNames[rating] }),
  deleteBookQuestion: (book) => fill(table.deleteBookQuestion, {
    id: book.id, title: book.title,
    words: book.wordCount === 1 ? table.oneWord : fill(table.words, { count: number(book.wordCount) }),
  }),
};

/** The sentence for a request the server answered with `response`, which was not ok. */
export function describeRefusal(response) {
  switch (response.status) {
    case 403: return t.forbidden;
    // The server's only 404 for the page's own requests: its session has gone.
    case 404: return t.sessionEnded;
    default: return t.refused(response.status);
  }
}
