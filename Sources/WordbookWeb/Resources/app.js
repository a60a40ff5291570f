// Wordbook's study page. The server holds the state in a store of its own for this page; the
// page sends the learner's actions and shows what the server's events say. User text reaches
// the page through textContent and attributes only, never as HTML.

import { t, describeRefusal } from './texts.js';
import { DeleteQuestion, WordEditor } from './editor.js';
import { BookPicker } from './books.js';
import { FocusView, actionFor, followPointer } from './focus.js';

const pageSize = 20;
const viewKey = 'wordbook.view';
const page = {
  session: null,
  // The signed-in learner, on a server where learners sign in; null on one learner's server.
  user: null,
  // The server the page talks to: '' for the one that served it, else a peer's origin and '/'.
  base: '',
  // The servers of the same accounts, this page's first: when one stops, the next takes over.
  servers: [],
  from: 0,
  count: 0,
  version: 0,
  current: 0,
  // Whether the add form's word is being saved, to clear the form once it is.
  addingWord: false,
  cardsStatus: 'notLoaded',
  searchTimer: null,
  // Whether cards ask the meaning first, which then comes first in each card's text too, for
  // screen readers as much as for the eye.
  reversed: false,
  // `focus` (one big card, a phone's default) or `list` (the cards to edit).
  view: initialView(),
};
const $ = (id) => document.getElementById(id);
const editor = new WordEditor(send);
const deleteQuestion = new DeleteQuestion(send);
const focus = new FocusView(send, loadWindow);
const books = new BookPicker(send, () => {
  page.from = 0;
  page.current = 0;
  focus.restart();
});

// A touch screen studies one card at a time; a mouse, even in a narrow window, gets the list
// it edits in. The learner's own choice wins.
function initialView() {
  let stored = null;
  try {
    stored = localStorage.getItem(viewKey);
  } catch {
    // Storage may be off: the default then holds.
  }
  if (stored === 'focus' || stored === 'list') return stored;
  return window.matchMedia('(pointer: coarse)').matches ? 'focus' : 'list';
}

function showView(view) {
  page.view = view;
  $('study').dataset.view = view;
  $('focus').hidden = view !== 'focus';
  $('view-focus').setAttribute('aria-pressed', String(view === 'focus'));
  $('view-list').setAttribute('aria-pressed', String(view === 'list'));
}

function chooseView(view) {
  try {
    localStorage.setItem(viewKey, view);
  } catch {
    // Storage may be off: the choice then lasts for this visit.
  }
  showView(view);
  loadWindow();
}

function translate() {
  for (const element of document.querySelectorAll('[data-text]')) {
    element.textContent = t[element.dataset.text];
  }
  for (const element of document.querySelectorAll('[data-placeholder]')) {
    element.placeholder = t[element.dataset.placeholder];
  }
  for (const element of document.querySelectorAll('[data-label]')) {
    element.setAttribute('aria-label', t[element.dataset.label]);
  }
  document.title = t.title;
}

function showError(message) {
  $('error-text').textContent = message;
  $('error').hidden = !message;
}

// Sends `action` and resolves to null once the server has applied it, or to the sentence that
// says why it did not, which is also shown.
async function send(action) {
  if (!page.session) return fail(t.unreachable);
  try {
    const response = await fetch(`${page.base}actions?session=${encodeURIComponent(page.session)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(action),
    });
    if (response.status === 401 && page.user) return signInAgain();
    return response.ok ? null : fail(describeRefusal(response));
  } catch {
    // fetch rejects only when no answer came: the server has stopped or the network is down.
    return fail(t.unreachable);
  }
}

// The sign-in has ended (signed out here or elsewhere, a new password, a deleted account):
// the sign-in page takes over.
function signInAgain() {
  location.assign(`${page.base}login`);
  return t.signOut;
}

async function signOut() {
  try {
    await fetch(`${page.base}logout`, { method: 'POST', credentials: 'include' });
  } finally {
    signInAgain();
  }
}

// The open book's review chart: an SVG the server draws, every text in it escaped, parsed as
// XML and adopted (never written as HTML), so that its titles work as tooltips.
async function loadChart() {
  if (!page.session) return fail(t.unreachable);
  try {
    const response = await fetch(`${page.base}chart?session=${encodeURIComponent(page.session)}`, {
      credentials: 'include',
    });
    // 409: no book is open, and the server says so in the page's language.
    if (!response.ok) {
      return fail(response.status === 409 ? await response.text() : describeRefusal(response));
    }
    const chart = new DOMParser().parseFromString(await response.text(), 'image/svg+xml');
    $('chart').replaceChildren(document.importNode(chart.documentElement, true));
  } catch {
    fail(t.unreachable);
  }
}

function fail(message) {
  showError(message);
  return message;
}

async function loadWindow() {
  if (!page.session) return;
  // The focused view asks for its one card; the list for its page of them.
  const view = page.view;
  const [from, count] = view === 'focus' ? [focus.index, 1] : [page.from, pageSize];
  const url =
    `${page.base}cards?session=${encodeURIComponent(page.session)}&from=${from}&count=${count}`;
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) return showError(describeRefusal(response));
    const window = await response.json();
    if (window.version < page.version || view !== page.view) return;
    if (view === 'focus') focus.show(window);
    else renderWindow(window);
    if (page.cardsStatus === 'loaded') {
      $('cards-status').textContent = window.count ? '' : t.cardsEmpty;
    }
  } catch {
    showError(t.unreachable);
  }
}

function renderWindow(window) {
  page.from = window.from;
  page.count = window.count;
  const items = cardElements();
  const sameCards = items.length === window.cards.length &&
    items.every((item, index) => Number(item.dataset.wordId) === window.cards[index].id);
  // The same cards in the same places (the rest of a big book arrived, say) are filled in
  // place, so that a swipe under way, its pointer captured by its card, goes on.
  if (sameCards) items.forEach((item, index) => fillCard(item, window.cards[index]));
  else $('cards').replaceChildren(...window.cards.map(makeCard));
  page.current = Math.min(page.current, Math.max(window.cards.length - 1, 0));
  markCurrent();
  const to = window.from + window.cards.length;
  $('position').textContent = window.count ? t.position(window.from + 1, to, window.count) : '';
  $('previous').disabled = window.from === 0;
  $('next').disabled = to >= window.count;
  $('first').disabled = window.from === 0;
  $('last').disabled = to >= window.count;
  $('jump').max = String(window.count);
}

function makeCard(card) {
  const item = document.createElement('li');
  item.className = 'card';
  item.tabIndex = 0;
  const text = document.createElement('div');
  text.className = 'text';
  const term = document.createElement('div');
  term.className = 'term';
  const meaning = document.createElement('div');
  meaning.className = 'meaning';
  text.append(...(page.reversed ? [meaning, term] : [term, meaning]));
  const edit = cardButton('edit', t.edit, () => editor.open(wordOf(item)));
  const remove = cardButton('delete', t.delete, () => deleteQuestion.ask(wordOf(item)));
  const actions = document.createElement('div');
  actions.className = 'actions';
  actions.append(edit, remove);
  item.append(text, actions);
  fillCard(item, card);
  followPointer(item, (kind) => {
    page.current = cardElements().indexOf(item);
    markCurrent();
    send(actionFor(kind, Number(item.dataset.wordId)));
  });
  return item;
}

function cardButton(name, label, action) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = name;
  button.textContent = label;
  button.addEventListener('click', action);
  return button;
}

function fillCard(item, card) {
  item.dataset.wordId = card.id;
  item.dataset.state = card.state;
  item.dataset.face = card.face;
  item.querySelector('.term').textContent = card.term;
  item.querySelector('.meaning').textContent = card.meaning;
  item.querySelector('.edit').setAttribute('aria-label', t.editLabel(card.term));
  item.querySelector('.delete').setAttribute('aria-label', t.deleteLabel(card.term));
}

// The word a card shows, as the dialogs need it.
function wordOf(item) {
  return {
    id: Number(item.dataset.wordId),
    term: item.querySelector('.term').textContent,
    meaning: item.querySelector('.meaning').textContent,
  };
}

function cardElements() {
  return Array.from($('cards').children);
}

function markCurrent() {
  cardElements().forEach((item, index) => item.classList.toggle('current', index === page.current));
}

function renderCards(cards) {
  page.version = cards.version;
  page.cardsStatus = cards.status;
  $('cards-status').textContent =
    cards.status === 'loading' ? t.cardsLoading :
    cards.status === 'failed' ? t.cardsFailed + cards.message : '';
  if (cards.status !== 'loaded') {
    $('cards').replaceChildren();
    focus.show({ count: 0, cards: [] });
    return;
  }
  if (page.from >= cards.count) page.from = Math.max(0, cards.count - pageSize);
  loadWindow();
}

function renderStatus(status) {
  $('mode').value = status.mode;
  $('reverse').setAttribute('aria-pressed', String(status.isReversed));
  $('cards').dataset.reversed = String(status.isReversed);
  $('focus-card').dataset.reversed = String(status.isReversed);
  if (status.isReversed !== page.reversed) {
    page.reversed = status.isReversed;
    for (const text of $('cards').querySelectorAll('.text')) text.append(text.firstChild);
  }
  // The learner's typing wins over an older query the server reports.
  if (document.activeElement !== $('search') && page.searchTimer === null) {
    $('search').value = status.searchQuery ?? '';
  }
  $('undo').disabled = !status.canUndo;
  $('redo').disabled = !status.canRedo;
  $('tally').textContent = t.tally(status) + (status.unsavedMarks ? t.unsaved(status.unsavedMarks) : '');
  $('due-summary').textContent = status.due ? t.dueSummary(status.due) : '';
  const adding = status.isSavingWord && !editor.isSaving;
  $('saving').textContent = adding ? t.saving : '';
  $('save').disabled = status.isSavingWord;
  if (page.addingWord && !status.isSavingWord && !status.error) {
    $('term').value = '';
    $('meaning').value = '';
  }
  page.addingWord = adding;
  editor.update(status);
  focus.updateStatus(status);
  showError(status.error || '');
}

function connect() {
  $('connection').textContent = t.connecting;
  const events = new EventSource(`${page.base}events`, { withCredentials: true });
  const on = (name, handler) =>
    events.addEventListener(name, (event) => handler(JSON.parse(event.data)));
  on('session', (session) => {
    page.session = session.id;
    page.user = session.user ?? null;
    if (page.servers.length === 0) {
      page.servers = [location.origin, ...(session.peers ?? [])].map((origin) => `${origin}/`);
    }
    $('account').hidden = !page.user;
    if (page.user) $('signed-in-as').textContent = t.signedInAs(page.user);
    page.from = 0;
    page.current = 0;
    focus.restart();
    $('connection').textContent = '';
  });
  on('picker', (picker) => books.update(picker));
  on('cards', renderCards);
  on('status', renderStatus);
  on('card', (card) => {
    const item = $('cards').querySelector(`[data-word-id="${Number(card.id)}"]`);
    if (item) fillCard(item, card);
    focus.update(card);
  });
  events.addEventListener('error', () => {
    page.session = null;
    // A server with accounts refuses the events of an ended sign-in.
    if (page.user && events.readyState === EventSource.CLOSED) return signInAgain();
    // This server stopped: the next of its peers takes over, with a session of its own that
    // reads the learner's books and marks from the shared database, so the page catches up
    // without a reload (the browser alone would wait for this one to come back).
    if (page.user && page.servers.length > 1) {
      events.close();
      const next = page.servers.indexOf(page.base || page.servers[0]) + 1;
      page.base = page.servers[next % page.servers.length];
      if (page.base === page.servers[0]) page.base = '';
      $('connection').textContent = t.disconnected;
      setTimeout(connect, 500);
      return;
    }
    // The browser tries again after a dropped connection, but not after a refusal.
    $('connection').textContent =
      events.readyState === EventSource.CLOSED ? t.eventsRefused : t.disconnected;
  });
}

function currentID() {
  if (page.view === 'focus') return focus.card?.id ?? null;
  const item = cardElements()[page.current];
  return item ? Number(item.dataset.wordId) : null;
}

function onKey(event) {
  if (event.target.closest('input, select, textarea') || document.querySelector('dialog[open]')) {
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // A focused button answers Space and Enter itself.
  if (event.target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return;
  const id = currentID();
  const item = cardElements()[page.current];
  const onCurrent = (kind, advance) => {
    if (id === null) return;
    if (page.view === 'focus') return focus.act(kind);
    send(actionFor(kind, id));
    if (advance) move(1);
  };
  switch (event.key) {
    case ' ': case 'Enter': onCurrent('flip'); break;
    case 'ArrowRight': case 'l': case '3': onCurrent('good', true); break;
    case 'ArrowLeft': case 'h': case '1': onCurrent('again', true); break;
    case '2': onCurrent('hard', true); break;
    case '4': onCurrent('easy', true); break;
    case '0': onCurrent('resetMark'); break;
    case 'ArrowDown': case 'j': step(1); break;
    case 'ArrowUp': case 'k': step(-1); break;
    // With nothing to undo or redo the key does what its greyed-out button does: nothing, not
    // an error.
    case 'u': if (!$('undo').disabled) send({ kind: 'undo' }); break;
    case 'r': if (!$('redo').disabled) send({ kind: 'redo' }); break;
    case 's': restart(); send({ kind: 'shuffle' }); break;
    case 'm': restart(); send({ kind: 'toggleStudyMode' }); break;
    case 'v': send({ kind: 'toggleReverse' }); break;
    case 'e': if (item) editor.open(wordOf(item)); break;
    case 'd': if (item) deleteQuestion.ask(wordOf(item)); break;
    case '/': $('search').focus(); break;
    case 'Escape':
      if (!$('search').value) return;
      $('search').value = '';
      search();
      break;
    default: return;
  }
  event.preventDefault();
}

function search() {
  clearTimeout(page.searchTimer);
  page.searchTimer = null;
  page.from = 0;
  page.current = 0;
  const query = $('search').value.trim();
  send({ kind: 'setSearchQuery', query: query || null });
}

// The cards start again from the first: a new order or a new choice of cards.
function restart() {
  page.current = 0;
  page.from = 0;
  focus.restart();
}

function step(by) {
  if (page.view === 'focus') focus.move(by);
  else move(by);
}

// Shows the page of the list that holds `position` (from 0), with that card current.
function jump(position) {
  const last = Math.max(page.count - 1, 0);
  const target = Math.min(Math.max(position, 0), last);
  page.from = target - (target % pageSize);
  page.current = target - page.from;
  loadWindow();
}

function move(step) {
  const count = cardElements().length;
  page.current = Math.min(Math.max(page.current + step, 0), Math.max(count - 1, 0));
  markCurrent();
  cardElements()[page.current]?.scrollIntoView({ block: 'nearest' });
}

function start() {
  translate();
  showView(page.view);
  $('error-dismiss').addEventListener('click', () => {
    showError('');
    send({ kind: 'dismissError' });
  });
  $('shuffle').addEventListener('click', () => {
    restart();
    send({ kind: 'shuffle' });
  });
  $('mode').addEventListener('change', (event) => {
    restart();
    send({ kind: 'setStudyMode', mode: event.target.value });
  });
  $('reverse').addEventListener('click', () => send({ kind: 'toggleReverse' }));
  $('search').addEventListener('input', () => {
    // One query per pause in the typing, not one per key: each filters the whole book.
    clearTimeout(page.searchTimer);
    page.searchTimer = setTimeout(search, 250);
  });
  $('search').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Escape clears the search and ends the typing, as after Enter: the next key is a command.
    event.preventDefault();
    if ($('search').value) {
      $('search').value = '';
      search();
    }
    $('search').blur();
  });
  $('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    search();
    // Enter ends the typing: the keys go to the cards again.
    $('search').blur();
  });
  $('show-chart').addEventListener('click', loadChart);
  $('sign-out').addEventListener('click', signOut);
  $('undo').addEventListener('click', () => send({ kind: 'undo' }));
  $('redo').addEventListener('click', () => send({ kind: 'redo' }));
  $('previous').addEventListener('click', () => {
    page.from = Math.max(0, page.from - pageSize);
    loadWindow();
  });
  $('next').addEventListener('click', () => {
    page.from += pageSize;
    loadWindow();
  });
  $('first').addEventListener('click', () => jump(0));
  $('last').addEventListener('click', () => jump(page.count - 1));
  $('jump-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const position = Number($('jump').value);
    if (Number.isInteger(position) && position >= 1) jump(position - 1);
  });
  $('view-focus').addEventListener('click', () => chooseView('focus'));
  $('view-list').addEventListener('click', () => chooseView('list'));
  $('add-word').addEventListener('submit', (event) => {
    event.preventDefault();
    send({ kind: 'saveWord', term: $('term').value, meaning: $('meaning').value });
  });
  document.addEventListener('keydown', onKey);
  connect();
}

start();
