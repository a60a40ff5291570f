// The study controls of a phone's focused view, folded into one menu so that the card comes
// first. The style sheet decides where they fold (a narrow window showing the cards one at a
// time) and follows the menu button's `aria-expanded`; this module only opens and closes the
// menu. Elsewhere the button is not shown and the controls stay in view.
import { onPress } from './focus.js';

const $ = (id) => document.getElementById(id);
// The controls the menu folds, as its button's `aria-controls` names them.
const folded = () => $('menu').getAttribute('aria-controls').split(' ').map($);

/** Makes the menu button open and close the study controls: a tap or a click, Enter or Space
 * on the button toggles them; Escape inside the menu closes it and gives the button the focus
 * again; choosing a view closes it too. */
export function setUpStudyMenu() {
  const button = $('menu');
  onPress(button, () => setOpen(!isOpen()));
  for (const part of [button, ...folded()]) {
    part.addEventListener('keydown', (event) => {
      // A control that answers Escape itself (the search clears its query) keeps it.
      if (event.key !== 'Escape' || event.defaultPrevented || !isOpen()) return;
      // The page's keys would clear the search too.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.focus();
    });
  }
  for (const view of ['view-focus', 'view-list']) {
    $(view).addEventListener('click', () => setOpen(false));
  }
}

/** Whether the menu is open and shown: a wider window shows its controls without it. */
function isOpen() {
  const button = $('menu');
  return button.getAttribute('aria-expanded') === 'true' && button.getClientRects().length > 0;
}

function setOpen(open) {
  $('menu').setAttribute('aria-expanded', String(open));
}
