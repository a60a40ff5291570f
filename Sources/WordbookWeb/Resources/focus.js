// The focused study view: one big card at a time, turned by a tap, rated by a swipe or the
// big buttons, then the round's summary. The round is the server's, and so is every rule of it
// (which card comes next, when it is over, that a card is rated once): the view shows the card
// and the round the server's `screen` event carries, and turns gestures into the screen's
// commands.
import { t } from './texts.js';
import { AnswerView } from './answer.js';

const $ = (id) => document.getElementById(id);
const swipeDistance = 60;
// A side longer than this is set small, and its card scrolls.
const longText = 80;
const hintKey = 'wordbook.focusHintSeen';
// The rating buttons, again to easy.
const ratingButtons = ['didnt-know', 'hard', 'knew', 'easy'];

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
   * applied it, or to the sentence that says why it did not; `preview` resolves to what each
   * rating of a word would schedule (`{ id, waits }`, the seconds after again, hard, good and
   * easy), or to null. */
  constructor(command, preview) {
    this.command = command;
    this.preview = preview;
    this.screen = null;
    this.due = null;
    this.answer = new AnswerView(command);
    followPointer($('focus-card'), (kind) => this.act(kind));
    onPress($('didnt-know'), () => this.act('again'));
    onPress($('hard'), () => this.act('hard'));
    onPress($('knew'), () => this.act('good'));
    onPress($('easy'), () => this.act('easy'));
    // A phone's Undo, in the card's corner under the thumb; a wider window's is the toolbar's.
    onPress($('focus-undo'), () => this.command('undo'));
    onPress($('hint-dismiss'), () => this.hideHint());
    onPress($('restudy'), () => this.restudy('restudyMissed'));
    onPress($('study-again'), () => this.restudy('restudyRound'));
    $('focus-hint').hidden = hintSeen();
    // A finger gets the taps and swipes; a mouse and a keyboard the keys.
    $('focus-hint-text').dataset.text =
      window.matchMedia('(pointer: coarse)').matches ? 'focusHint' : 'focusKeysHint';
  }

  /** Shows the server's screen: its card, or the round's summary once the round is over. */
  show(screen) {
    this.screen = screen;
    this.render();
  }

  /** Follows the server's Due schedule: when the next card is due, once none is left. */
  updateDue(due) {
    this.due = due;
    this.render();
  }

  /** Shows the server's news of one card, when it is the one shown. */
  update(card) {
    if (this.screen?.card && this.screen.card.id === card.id) {
      this.screen.card = card;
      this.render();
    }
  }

  /** Turns (`flip`) or rates (`again`, `hard`, `good`, `easy`) the card shown, or clears its
   * mark (`resetMark`). A rating names the card shown: the server rates it only while it is the
   * current card, so a second tap before the next card arrives rates nothing. */
  act(kind) {
    const card = this.screen?.card;
    if (!card || this.screen.round.isOver) return;
    if (kind === 'flip' || kind === 'resetMark') return this.command(kind);
    this.hideHint();
    return this.command(kind, { card: card.id });
  }

  async restudy(name) {
    await this.command(name);
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

  /** Asks what each rating of the card `id` would schedule, and shows it on the rating
   * buttons (as Anki prints "10m" or "4d" on its own) while that card is still the one shown. */
  async showWaits(id) {
    for (const name of ratingButtons) delete $(name).dataset.interval;
    const preview = await this.preview(id);
    if (!preview || $('focus-card').dataset.wordId !== String(id)) return;
    ratingButtons.forEach((name, index) => {
      $(name).dataset.interval = t.interval(preview.waits[index]);
    });
  }

  /** Draws the screen, while the view is shown: hidden, its card would be a second element
   * of the word's ID. */
  render() {
    const screen = this.screen;
    if (!screen) return;
    // The Type switch shows in the list too; the answer's field only on the focused card.
    this.answer.show(screen, !$('focus').hidden);
    if ($('focus').hidden) return;
    const round = screen.round;
    const done = round.isOver;
    $('summary').hidden = !done;
    $('focus-round').hidden = done || !screen.card;
    $('focus-position').textContent = screen.count && !done
      ? (round.isScheduled ? t.roundLeft(round, this.due) : t.focusPosition(screen.cursor + 1, screen.count))
      : '';
    const progress = $('focus-progress');
    const left = round.counts.new + round.counts.learning + round.counts.due + round.counts.unscheduled;
    const total = left + round.known + round.notKnown;
    progress.max = Math.max(total, 1);
    progress.value = done ? total : total - left;
    progress.hidden = screen.count === 0;
    $('summary-counts').textContent = t.roundSummary(round);
    $('restudy').disabled = round.notKnown === 0;
    const card = screen.card;
    if (!card || done) return;
    const item = $('focus-card');
    // A card turned over turns with a short animation; a new card simply appears.
    const turned = item.dataset.wordId === String(card.id) && item.dataset.face !== card.face;
    if (item.dataset.wordId !== String(card.id) || card.state !== item.dataset.state) {
      this.showWaits(card.id);
    }
    item.dataset.wordId = card.id;
    item.dataset.state = card.state;
    item.dataset.face = card.face;
    item.querySelector('.term').textContent = card.term;
    item.querySelector('.meaning').textContent = card.meaning;
    item.dataset.long = String(Math.max(card.term.length, card.meaning.length) > longText);
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
