// The dialogs that edit and delete a word. They are <dialog> elements rather than
// window.prompt or window.confirm, which would stop the page's script (and its event stream)
// until answered, and which a page cannot word or style.
import { t } from './texts.js';

const $ = (id) => document.getElementById(id);

/** The dialog that changes a word's term and meaning and shows its save until it lands. */
export class WordEditor {
  constructor(send) {
    this.send = send;
    this.id = null;
    // `{ seen }` from the learner's Save until the server's answer: whether the server has
    // reported the save in flight yet, so that a status sent before it is not taken for its end.
    this.saving = null;
    $('edit-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.save();
    });
    $('edit-cancel').addEventListener('click', () => $('editor').close());
    $('editor').addEventListener('close', () => {
      this.id = null;
      this.saving = null;
    });
  }

  /** Opens the dialog on `word` (its id, term and meaning). */
  open(word) {
    this.id = word.id;
    this.saving = null;
    $('edit-term').value = word.term;
    $('edit-meaning').value = word.meaning;
    $('edit-error').textContent = '';
    $('editor').showModal();
    $('edit-term').focus();
  }

  /** Whether the page waits for this dialog's save. */
  get isSaving() {
    return this.saving !== null;
  }

  async save() {
    if (this.id === null || this.isSaving) return;
    $('edit-error').textContent = '';
    this.saving = { seen: false };
    // An error still shown is about something else; cleared first, the next error is this
    // save's own.
    if (!$('error').hidden) await this.send(null, 'dismissError');
    const term = $('edit-term').value;
    const meaning = $('edit-meaning').value;
    const failure = await this.send('study', 'editWord', { _0: this.id, term, meaning });
    if (failure) {
      $('edit-error').textContent = failure;
      this.saving = null;
    }
  }

  /** Follows the server's status: shows the save in progress, then closes or shows why not. */
  update(status) {
    $('edit-saving').textContent = status.isSavingWord && this.isSaving ? t.saving : '';
    $('edit-save').disabled = status.isSavingWord;
    if (!this.saving) return;
    if (status.isSavingWord) {
      this.saving.seen = true;
    } else if (status.error) {
      $('edit-error').textContent = status.error;
      this.saving = null;
    } else if (this.saving.seen) {
      $('editor').close();
    }
  }
}

/** The question asked before a word is deleted; `y` answers it and `n` declines it, as in the
 * terminal. */
export class DeleteQuestion {
  constructor(send) {
    this.id = null;
    $('delete-form').addEventListener('submit', (event) => {
      event.preventDefault();
      if (this.id !== null) send('study', 'deleteWord', { _0: this.id });
      $('confirm-delete').close();
    });
    $('delete-cancel').addEventListener('click', () => $('confirm-delete').close());
    $('confirm-delete').addEventListener('keydown', (event) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'y') {
        event.preventDefault();
        $('delete-form').requestSubmit();
      } else if (key === 'n') {
        event.preventDefault();
        $('confirm-delete').close();
      }
    });
    $('confirm-delete').addEventListener('close', () => {
      this.id = null;
    });
  }

  /** Asks whether to delete `word` (its id and term); Cancel has the focus. */
  ask(word) {
    this.id = word.id;
    $('delete-question').textContent = t.deleteQuestion(word.term);
    $('confirm-delete').showModal();
    $('delete-cancel').focus();
  }
}
