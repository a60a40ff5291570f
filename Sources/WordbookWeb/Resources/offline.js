// The round the page holds, studied on while the server cannot be reached: a rating of the
// card shown marks it as the rating says and moves on to the next card of the list's page the
// page last had, and waits in the outbox (outbox.js) with its own time; a card turns too. The
// page says how many ratings wait, sends them once its session opens again (and again after a
// while, longer each time, while the server cannot take them), then catches up with the
// server. The server's rules apply once it has the ratings: this is what the page shows
// meanwhile.
import { t } from './texts.js';
import { Outbox } from './outbox.js';

const $ = (id) => document.getElementById(id);
const ratings = ['again', 'hard', 'good', 'easy'];
// How long the page waits before sending again after the server could not take the ratings,
// doubled after each failure up to the longest.
const firstWait = 2000;
const longestWait = 60000;

/** A round's counts with one card fewer left. */
function fewer(counts) {
  const kind = ['unscheduled', 'due', 'learning', 'new'].find((name) => counts[name] > 0);
  return kind ? { ...counts, [kind]: counts[kind] - 1 } : counts;
}

/** The page's study while the server cannot be reached, and the ratings it keeps meanwhile. */
export class OfflineRound {
  /** `name` names the outbox's database; `current` returns the screen shown (with its card),
   * the list's page of cards and where it starts; `show` draws a screen and keeps it; `post`
   * posts a batch of ratings and resolves to the server's response (rejecting without one);
   * `caughtUp` follows the server again once it stored some; `refused` shows why some were
   * refused for good. */
  constructor({ name, current, show, post, caughtUp, refused }) {
    this.outbox = new Outbox(name);
    Object.assign(this, { current, show, post, caughtUp, refused });
    this.wait = firstWait;
    this.timer = null;
    this.sending = null;
    this.showWaiting();
  }

  /** `body` with a new rating identity when it rates the card shown: posted with it, and kept
   * with it when no answer comes, so the server stores the rating once if the post arrived. */
  identified(body) {
    return ratings.includes(body.command) && body.card !== undefined
      ? { ...body, ratingID: this.outbox.nextID() }
      : body;
  }

  /** Takes the command `body` that could not reach the server, when it is a rating of the
   * card shown or its turn, and shows what it does; returns whether it took it. */
  keep(body) {
    const { screen, cards, from } = this.current();
    const card = screen?.card;
    if (!card || screen.round.isOver || body.position !== undefined) return false;
    if (body.command === 'flip') {
      const turned = { ...card, face: card.face === 'front' ? 'back' : 'front' };
      this.showCards(screen, cards, from, turned, screen.cursor, screen.round);
      return true;
    }
    if (!ratings.includes(body.command) || body.card !== card.id) return false;
    const known = body.command !== 'again';
    const rated = { ...card, state: known ? 'known' : 'not-known', face: 'front' };
    const next = screen.cursor + 1;
    const isOver = next - from >= cards.length;
    const round = {
      ...screen.round,
      counts: fewer(screen.round.counts),
      known: screen.round.known + (known ? 1 : 0),
      notKnown: screen.round.notKnown + (known ? 0 : 1),
      isOver,
    };
    this.showCards(screen, cards, from, rated, isOver ? screen.cursor : next, round);
    this.outbox.add(card.id, body.command, body.ratingID).then(
      () => this.showWaiting(),
      () => { $('outbox').textContent = t.ratingsNotKept; });
    return true;
  }

  /** Shows `screen` with `card` changed among `cards`, at `cursor`, in `round`. */
  showCards(screen, cards, from, card, cursor, round) {
    const page = cards.map((shown) => (shown.id === card.id ? card : shown));
    this.show({ ...screen, cursor, pageStart: from, page, round, card: undefined });
  }

  /** Says how many ratings wait, in the outbox's live region. */
  async showWaiting() {
    let count = 0;
    try {
      count = await this.outbox.count();
    } catch {
      // IndexedDB is off: nothing waits.
    }
    $('outbox').textContent = count ? t.ratingsWaiting(count) : '';
  }

  /** Sends the ratings waiting, unless a sending is under way; tries again later while the
   * server cannot take them. */
  send() {
    if (this.sending) return this.sending;
    clearTimeout(this.timer);
    this.sending = this.outbox.send(this.post)
      // IndexedDB is off: nothing was kept to send.
      .catch(() => ({ stored: 0, refused: [], waiting: false }))
      .then((outcome) => {
        this.showWaiting();
        if (outcome.refused.length) this.refused(outcome.refused.join(' '));
        if (outcome.waiting) {
          this.timer = setTimeout(() => this.send(), this.wait);
          this.wait = Math.min(this.wait * 2, longestWait);
        } else {
          this.wait = firstWait;
        }
        if (outcome.stored) this.caughtUp();
      })
      .finally(() => { this.sending = null; });
    return this.sending;
  }
}
