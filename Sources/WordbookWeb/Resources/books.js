// The wordbook picker and its manager: choosing, creating, renaming and deleting books. The
// server checks the titles and words the refusals, as it does for the terminal; the page only
// sends the learner's actions and shows the list the server reports.
import { t } from './texts.js';
import { onPress } from './focus.js';

const $ = (id) => document.getElementById(id);

/** The picker: the list while the learner chooses, the open book's title once one is open. */
export class BookPicker {
  constructor(send) {
    this.send = send;
    this.picker = null;
    // Whether the learner asked to change books while one is open.
    this.choosing = false;
    // Whether the round counts were asked for since the picker last showed its books.
    this.countsAsked = false;
    onPress($('open-book'), () => {
      this.choosing = !this.choosing;
      // Each book's New · Learning · Due, counted again as the list opens.
      if (this.choosing) this.send('books', 'loadRoundCounts');
      this.render();
      if (this.choosing) $('books').querySelector('button')?.focus();
    });
    $('new-book-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.send('books', 'createBook', { title: $('new-book-title').value });
    });
    $('rename-book-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const book = this.selectedBook;
      if (book) this.send('books', 'renameBook', { _0: book.id, title: $('rename-book-title').value });
    });
    $('delete-book').addEventListener('click', () => {
      const book = this.selectedBook;
      if (!book) return;
      $('delete-book-question').textContent = t.deleteBookQuestion(book);
      $('confirm-delete-book').showModal();
      $('delete-book-cancel').focus();
    });
    $('delete-book-form').addEventListener('submit', (event) => {
      event.preventDefault();
      const book = this.selectedBook;
      if (book) this.send('books', 'deleteBook', { _0: book.id });
      $('confirm-delete-book').close();
    });
    $('delete-book-cancel').addEventListener('click', () => $('confirm-delete-book').close());
  }

  /** The open book as the server last reported it, if any. */
  get selectedBook() {
    const picker = this.picker;
    if (!picker || selectedID(picker) === null) return null;
    return picker.books.find((book) => book.id === picker.selected) ?? null;
  }

  /** Shows the server's `picker` event. */
  update(picker) {
    const before = this.picker ? selectedID(this.picker) : null;
    this.picker = picker;
    // The books show without one open: each one's New · Learning · Due, counted once until a
    // book opens (a big book's counts read every due word, so only when they are shown).
    if (picker.state === 'choose' && !this.countsAsked) this.send('books', 'loadRoundCounts');
    this.countsAsked = picker.state === 'choose';
    if (selectedID(picker) !== before) {
      // A book opened (chosen, or just created): the picker folds to its title.
      this.choosing = false;
      $('new-book-title').value = '';
      $('rename-book-title').value = this.selectedBook?.title ?? '';
    }
    this.render();
  }

  render() {
    const picker = this.picker;
    if (!picker) return;
    const status = $('picker-status');
    status.textContent =
      picker.state === 'loading' ? t.booksLoading :
      picker.state === 'failed' ? t.booksFailed(picker.message) :
      picker.state === 'empty' ? t.booksEmpty : '';
    const book = this.selectedBook;
    const open = $('open-book');
    open.hidden = !book;
    if (book) open.textContent = `${t.openBook(book.title)} · ${t.changeBook}`;
    open.setAttribute('aria-expanded', String(this.choosing));
    $('book-choice').hidden = Boolean(book) && !this.choosing;
    $('rename-book-form').hidden = !book;
    $('books').replaceChildren(...picker.books.map((entry) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.bookId = entry.id;
      // The title, its word count, and what a Due round of it would hold now.
      button.textContent = `${entry.title} (${entry.wordCount})` +
        (entry.counts ? ` · ${t.bookCounts(entry.counts)}` : '');
      button.setAttribute('aria-pressed', String(entry.id === picker.selected));
      button.addEventListener('click', () => {
        if (entry.id === picker.selected) {
          this.choosing = false;
          this.render();
        } else {
          this.send('books', 'selectBook', { _0: entry.id });
        }
      });
      item.append(button);
      return item;
    }));
    $('study').hidden = selectedID(picker) === null;
  }
}

function selectedID(picker) {
  return picker.selected ?? null;
}
