// The focused study view: one big card at a time, turned by a tap, marked by a swipe or the
// big buttons, then a summary of the round. The round is the cards the server shows, in its
// order, and the place in them is the server's too (its study screen moves on after a mark):
// the view shows the card at that place and turns gestures into the screen's commands.
import { t } from './texts.js';

const $ = (id) => document.getElementById(id);
const swipeDistance = 60;
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
  /** `command` posts a command of the study screen and resolves to null once the server has
   * applied it, or to the sentence that says why it did not. */
  constructor(command) {
    this.command = command;
    this.position = 0;
    this.count = 0;
    this.roundOver = false;
    this.card = null;
    // Whether a rating is on its way: the card shown stays until the next one arrives, and is
    // not rated twice meanwhile.
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

  /** Shows the server's window of the one card at the screen's place, or the round's summary
   * once its last card has been rated. */
  show(window, roundOver) {
    this.position = window.from;
    this.count = window.count;
    this.roundOver = roundOver && window.count > 0;
    this.card = this.roundOver ? null : window.cards[0] ?? null;
    this.marking = false;
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

  /** Turns (`flip`) or rates (`again`, `hard`, `good`, `easy`) the card shown, or clears its
   * mark (`resetMark`); after a rating the server moves on to the next card. */
  async act(kind) {
    if (!this.card || this.marking) return;
    if (kind !== 'flip' && kind !== 'resetMark') {
      this.marking = true;
      this.hideHint();
    }
    if (await this.command(kind)) this.marking = false;
  }

  async restudy(mode) {
    await this.command('setStudyMode', { mode });
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
    const done = this.roundOver;
    $('summary').hidden = !done;
    $('focus-round').hidden = done || !this.card;
    $('focus-position').textContent =
      this.count && !done ? t.focusPosition(this.position + 1, this.count) : '';
    const progress = $('focus-progress');
    progress.max = Math.max(this.count, 1);
    progress.value = done ? this.count : Math.min(this.position, this.count);
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
