// The typed answer of the focused card: the Type switch (kept per book by the server), the
// field the learner types the card's back in, and the comparison the server sends back, as
// Anki's type-answer shows it: each typed character right or wrong, the expected characters
// with the missing ones marked, and the rating it proposes. The comparison and the proposal
// are the server's (the study screen's rules); the view only draws them.
import { t } from './texts.js';

const $ = (id) => document.getElementById(id);
// The rating buttons by the name of their command.
const ratingButtons = { again: 'didnt-know', hard: 'hard', good: 'knew', easy: 'easy' };

/** The typing switch, the answer's field and the checked answer of the focused view. */
export class AnswerView {
  /** `command` posts a command of the study screen, as the focused view's does. */
  constructor(command) {
    this.command = command;
    // The card whose answer the field waits for, to clear it and take the focus once a card.
    this.awaited = null;
    $('typing').addEventListener('click', () => command('toggleTyping'));
    $('answer-form').addEventListener('submit', (event) => {
      event.preventDefault();
      command('checkTypedAnswer', { answer: $('answer').value });
    });
    // Escape leaves the field: the keys are the cards' again.
    $('answer').addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      $('focus-card').focus();
    });
  }

  /** Follows the server's screen: the switch, the field while the card waits for its answer
   * (`shown` says whether the focused view is), and the answer checked against the card. */
  show(screen, shown) {
    const typing = screen.typing ?? { isOn: false, awaitsAnswer: false, checked: null };
    $('typing').setAttribute('aria-pressed', String(typing.isOn));
    // A card that asks for typing is set smaller, so the field and the comparison fit a phone.
    $('focus-round').dataset.typing = String(typing.isOn);
    const card = screen.card;
    const field = $('answer');
    const awaits = shown && typing.awaitsAnswer && Boolean(card);
    const isNew = awaits && this.awaited !== card.id;
    const hadFocus = document.activeElement === field;
    if (isNew) field.value = '';
    $('answer-form').hidden = !awaits;
    // The field takes the focus for each new card, unless the learner is typing elsewhere;
    // checked, the card takes it, so that Enter accepts the proposal.
    if (isNew && mayTakeFocus()) field.focus();
    else if (!awaits && hadFocus) $('focus-card').focus();
    this.awaited = awaits ? card.id : null;
    const checked = typing.checked;
    this.showChecked(shown && card && checked?.word === card.id ? checked : null);
  }

  /** Draws `checked` (or clears what was drawn, for `null`): the marked characters, the
   * proposal's sentence, and the proposed rating's button outlined. */
  showChecked(checked) {
    const isNew = Boolean(checked) && $('answer-typed').hidden;
    $('answer-typed').hidden = !checked;
    $('answer-expected').hidden = !checked;
    $('answer-typed').querySelector('.marks').replaceChildren(...marks(checked?.typed ?? []));
    $('answer-expected').querySelector('.marks').replaceChildren(...marks(checked?.expected ?? []));
    $('answer-proposal').textContent = checked ? t.proposedRating(checked.proposal) : '';
    for (const [rating, id] of Object.entries(ratingButtons)) {
      $(id).classList.toggle('proposed', checked?.proposal === rating);
    }
    if (isNew) $('answer-result').scrollIntoView({ block: 'nearest' });
  }
}

/** Elements for marked characters: a wrong one struck out (`<del>`), a missing one underlined
 * (`<ins>`), so that the marks read without colour and to a screen reader. */
function marks(list) {
  return list.map(({ text, kind }) => {
    const element = document.createElement(
      kind === 'wrong' ? 'del' : kind === 'missing' ? 'ins' : 'span');
    element.className = `mark ${kind}`;
    element.textContent = text;
    return element;
  });
}

/** Whether the answer's field may take the focus: no dialog is open and the learner is not in
 * another field. */
function mayTakeFocus() {
  if (document.querySelector('dialog[open]')) return false;
  const active = document.activeElement;
  return !active || active === $('answer') || !active.closest('input, select, textarea');
}
