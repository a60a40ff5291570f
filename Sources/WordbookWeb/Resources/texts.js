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

/** `count` with its digits grouped as the page's language groups them. */
const number = (count) => count.toLocaleString(language);

/** The texts of the page's language: plain ones as they are, the others as functions. */
export const t = {
  ...table,
  dueSummary: (due) => {
    if (due.status === 'failed') return table.dueFailed;
    if (due.status !== 'loaded') return table.dueReading;
    const counts = fill(table.dueCounts, { due: number(due.count), new: number(due.newWords) });
    if (!due.next) return counts;
    return counts + fill(table.dueNext, { when: new Date(due.next * 1000).toLocaleString(language) });
  },
  booksFailed: (reason) => fill(table.booksFailed, { reason }),
  cardsFailed: (reason) => fill(table.cardsFailed, { reason }),
  editLabel: (term) => fill(table.editLabel, { term }),
  deleteLabel: (term) => fill(table.deleteLabel, { term }),
  deleteQuestion: (term) => fill(table.deleteQuestion, { term }),
  tally: (s) => fill(table.tally, s),
  unsaved: (count) => fill(table.unsaved, { count }),
  position: (from, to, count) => fill(table.position, { from, to, count }),
  signedInAs: (name) => fill(table.signedInAs, { name }),
  refused: (status) => fill(table.refused, { status }),
  focusPosition: (n, count) => fill(table.focusPosition, { n, count }),
  roundSummary: (s) => fill(table.roundSummary, s),
  openBook: (title) => fill(table.openBook, { title }),
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
