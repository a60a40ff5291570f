// The focused study view: one big card at a time, turned by a tap, marked by a swipe or the
// big buttons, then a summary of the round. The round is the cards the server shows, in its
// order; the page keeps only its place in them. Marks, faces, the tally and which cards a
// restudy shows are the server's, through the actions the list sends too.
import { t } from './texts.js';

const $ = (id) => document.getElementById(id);
const swipeDistance = 60;
const ratings = { again: 1, hard: 2, good: 3, easy: 4 };

/** The action that does `kind` to the card of `id`: a rating (`again`, `hard`, `good`,
 * `easy`) rates it now, on the server's clock; anything else is an action of that kind. */
export function actionFor(kind, id) {
  if (!(kind in ratings)) return { kind, id };
  return { kind: 'rate', id, rating: ratings[kind], time: Math.floor(Date.now() / 1000) };
}
const hintKey = 'wordbook.focusHintSeen';

/** Makes `item` follow the finger (or mouse) and turn green or yellow past the swipe
 * distance; calls `act` with `good` (right) or `again` (left) for a swipe, `flip` for a press
 * that barely moved. */
export function followPointer(item, act) {
  let start = null;
  let offset = 0;
  const reset = () => {
    start = null;
    offset = 0;
    item.classList.remove('dragging', 'toward-success', 'toward-fail');
    item.style.transform = '';
  };
  item.addEventListener('pointerdown', (event) => {
    // The card's own buttons are pressed, not swiped or turned.
    if (event.button !== 0 || event.target.closest('button')) return;
    start = event.clientX;
    offset = 0;
    item.setPointerCapture(event.pointerId);
    item.classList.add('dragging');
  });
  item.addEventListener('pointermove', (event) => {
    if (start === null) return;
    offset = event.clientX - start;
    item.style.transform = `translateX(${offset}px) rotate(${offset / 40}deg)`;
    item.classList.toggle('toward-success', offset >= swipeDistance);
    item.classList.toggle('toward-fail', offset <= -swipeDistance);
  });
  item.addEventListener('pointerup', () => {
    if (start === null) return;
    const moved = offset;
    reset();
    if (moved >= swipeDistance) act('good');
    else if (moved <= -swipeDistance) act('again');
    else if (Math.abs(moved) < 8) act('flip');
  });
  item.addEventListener('pointercancel', reset);
}

/** Calls `action` when `button` is pressed: by a finger as it lifts, by a mouse or a key as it
 * clicks. A tap just after a swipe reads to the browser as one that stops a fling, and no click
 * follows it; a thumb going from the card to the buttons would lose its taps. */
export function onPress(button, action) {
  let touched = false;
  button.addEventListener('pointerdown', (event) => {
    touched = event.pointerType === 'touch';
  });
  button.addEventListener('pointercancel', () => {
    touched = false;
  });
  button.addEventListener('pointerup', (event) => {
    if (!touched || event.pointerType !== 'touch') return;
    touched = false;
    if (!button.disabled) action();
  });
  // The click that may follow the finger's is its own, already answered.
  button.addEventListener('click', (event) => {
    if (event.pointerType !== 'touch') action();
  });
}

/** The focused view over the cards the server shows. */
export class FocusView {
  /** `send` posts an action; `load` asks for the card at ``index`` again. */
  constructor(send, load) {
    this.send = send;
    this.load = load;
    this.index = 0;
    this.count = 0;
    this.card = null;
    this.marking = false;
    this.status = null;
    followPointer($('focus-card'), (kind) => this.act(kind));
    onPress($('didnt-know'), () => this.act('again'));
    onPress($('hard'), () => this.act('hard'));
    onPress($('knew'), () => this.act('good'));
    onPress($('easy'), () => this.act('easy'));
    onPress($('hint-dismiss'), () => this.hideHint());
    onPress($('restudy'), () => this.restudy('excludeSuccess'));
    onPress($('study-again'), () => this.restudy('all'));
    $('focus-hint').hidden = hintSeen();
  }

  /** Starts the round again from its first card (a new order, mode or book). */
  restart() {
    this.index = 0;
  }

  /** Whether the round is over: every card it showed has been marked. */
  get isDone() {
    return this.count > 0 && this.index >= this.count;
  }

  /** Shows the server's window of one card at ``index``. */
  show(window) {
    this.count = window.count;
    this.index = Math.min(this.index, window.count);
    this.card = this.isDone ? null : window.cards[0] ?? null;
    this.render();
  }

  /** Shows the server's news of one card, when it is the one shown. */
  update(card) {
    if (this.card && this.card.id === card.id) {
      this.card = card;
      this.render();
    }
  }

  /** Follows the server's status: the tally the summary shows. */
  updateStatus(status) {
    this.status = status;
    this.render();
  }

  /** Turns or marks the card shown; a mark moves on to the next card once the server has it. */
  async act(kind) {
    const card = this.card;
    if (!card || this.marking) return;
    if (kind === 'flip') {
      this.send({ kind, id: card.id });
      return;
    }
    this.marking = true;
    this.hideHint();
    const failure = await this.send(actionFor(kind, card.id));
    this.marking = false;
    if (failure || this.card?.id !== card.id) return;
    this.index += 1;
    this.load();
  }

  /** Moves `step` cards on or back without marking. */
  move(step) {
    this.index = Math.min(Math.max(this.index + step, 0), Math.max(this.count - 1, 0));
    this.load();
  }

  async restudy(mode) {
    this.index = 0;
    // The cards' news loads the new round; asked again in case the mode was already this one.
    if (!(await this.send({ kind: 'setStudyMode', mode }))) this.load();
    $('focus-card').focus();
  }

  hideHint() {
    $('focus-hint').hidden = true;
    try {
      localStorage.setItem(hintKey, '1');
    } catch {
      // Storage may be off (a private window): the hint then shows on each visit.
    }
  }

  render() {
    const done = this.isDone;
    $('summary').hidden = !done;
    $('focus-round').hidden = done || !this.card;
    $('focus-position').textContent =
      this.count && !done ? t.focusPosition(this.index + 1, this.count) : '';
    const progress = $('focus-progress');
    progress.max = Math.max(this.count, 1);
    progress.value = Math.min(this.index, this.count);
    progress.hidden = this.count === 0;
    if (this.status) {
      $('summary-counts').textContent = t.roundSummary(this.status);
      $('restudy').disabled = this.status.fail === 0;
    }
    const card = this.card;
    if (!card) return;
    const item = $('focus-card');
    // A card turned over turns with a short animation; a new card simply appears.
    const turned = item.dataset.wordId === String(card.id) && item.dataset.face !== card.face;
    item.dataset.wordId = card.id;
    item.dataset.state = card.state;
    item.dataset.face = card.face;
    item.querySelector('.term').textContent = card.term;
    item.querySelector('.meaning').textContent = card.meaning;
    if (turned) {
      item.classList.remove('turning');
      void item.offsetWidth;
      item.classList.add('turning');
    }
  }
}

function hintSeen() {
  try {
    return localStorage.getItem(hintKey) === '1';
  } catch {
    return false;
  }
}
