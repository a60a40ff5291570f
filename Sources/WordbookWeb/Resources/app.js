// Wordbook's study page. The server holds the state in a store of its own for this page, the
// study screen's with its place in the cards (the same rules as the terminal's): the page sends
// the learner's commands and actions and shows what the server's events say. It keeps no study
// rule of its own. User text reaches the page through textContent and attributes only, never
// as HTML.

import { t, describeRefusal } from './texts.js';
import { DeleteQuestion, WordEditor } from './editor.js';
import { BookPicker } from './books.js';
import { FocusView, followPointer } from './focus.js';
import { setUpStudyMenu } from './menu.js';
import { Speaker } from './speech.js';
import { OfflineRound } from './offline.js';

const viewKey = 'wordbook.view';
// What the page last showed, kept for when it opens without the server: one key per page's
// folder, so two servers' pages on one browser keep their own.
const keptKey = `wordbook.kept:${location.pathname}`;
const keptEvents = ['picker', 'cards', 'status', 'screen'];
const page = {
  session: null,
  // The event stream of the session, closed to open a new one.
  events: null,
  // Whether the page has reached the server since it opened; whether it shows what it kept,
  // having not.
  connected: false,
  showingKept: false,
  // The signed-in learner, on a server where learners sign in; null on one learner's server.
  user: null,
  // The server the page talks to: '' for the one that served it, else a peer's origin and '/'.
  base: '',
  // The servers of the same accounts, this page's first: when one stops, the next takes over.
  servers: [],
  // The screen's place: the current card's position among the cards; the server's `screen`
  // event, which also carries the list's page whenever it changes.
  cursor: 0,
  // Where the list's page of cards starts, and its cards as the server last sent them.
  from: 0,
  cards: [],
  // Whether a key moved the current card, which the list then scrolls to; a swipe or a tap
  // leaves the list where the finger or the mouse is.
  followCursor: false,
  // Whether the add form's word is being saved, to clear the form once it is.
  addingWord: false,
  cardsStatus: 'notLoaded',
  // The Due schedule's status and next due time, from the `status` event.
  due: null,
  // The round, from the last `screen` event.
  round: null,
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
const focus = new FocusView(command, ratingPreview);
const books = new BookPicker(send);
const speaker = new Speaker(command, fail);
const offline = new OfflineRound({
  name: `wordbook.outbox:${location.pathname}`,
  current: () => ({ screen: focus.screen, cards: page.cards, from: page.from }),
  show: (screen) => {
    keep('screen', screen);
    renderScreen(screen);
  },
  post: (body) =>
    page.session ? request('ratings', body) : Promise.reject(new Error(t.unreachable)),
  caughtUp,
  refused: fail,
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
  focus.render();
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

// Sends the app's action `name` of `feature` (`books` or `study`) with its `values`, as the
// server reads it ({"books": {"view": {"selectBook": {"_0": 1}}}}), or `dismissError` with no
// feature, and resolves to null once the server has applied it, or to the sentence that says
// why it did not, which is also shown.
function send(feature, name, values = {}) {
  return post('actions', feature ? { [feature]: { view: { [name]: values } } } : { [name]: {} });
}

// Sends the study screen's command `name` (`good`, `next`, `shuffle`, `moveTo` with a
// `position`…), as `send` does an action. A rating of the card shown that cannot reach the
// server is kept for later, and the round the page holds moves on (offline.js).
function command(name, values = {}) {
  const body = offline.identified({ command: name, ...values });
  return post('commands', body, () => (offline.keep(body) ? null : fail(t.unreachable)));
}

// Posts `body` to `path` and resolves to null once the server has applied it, or to the
// sentence that says why it did not; to what `unreachable` returns when no server answered.
async function post(path, body, unreachable = () => fail(t.unreachable)) {
  if (!page.session) return unreachable();
  try {
    const response = await request(path, body);
    if (response.status === 401 && page.user) return signInAgain();
    // A proxy in front of the server answers these when the server is gone.
    if (response.status === 502 || response.status === 504) return unreachable();
    return response.ok ? null : fail(describeRefusal(response));
  } catch {
    // fetch rejects only when no answer came: the server has stopped or the network is down.
    return unreachable();
  }
}

// Posts `body` to `path` in the page's session, as JSON.
function request(path, body) {
  return fetch(`${page.base}${path}?session=${encodeURIComponent(page.session)}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

// The server has the ratings given offline: a new session shows the round as they left it.
function caughtUp() {
  page.events?.close();
  page.session = null;
  connect();
}

// The sign-in has ended (signed out here or elsewhere, a new password, a deleted account):
// the sign-in page takes over.
// An ended sign-in leaves nothing of the learner's words in the browser's storage.
function signInAgain() {
  try {
    localStorage.removeItem(keptKey);
  } catch {
    // Storage may be off: then nothing was kept.
  }
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

// What each rating of the word `id` would schedule, or null when the server cannot say.
async function ratingPreview(id) {
  if (!page.session) return null;
  try {
    const session = encodeURIComponent(page.session);
    const response = await fetch(`${page.base}preview?session=${session}&word=${id}`, {
      credentials: 'include',
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

function fail(message) {
  showError(message);
  return message;
}

// Shows the list's page of cards the server sent, from `from` of `count` cards.
function renderPage(from, count, cards) {
  page.from = from;
  page.cards = cards;
  const items = cardElements();
  const sameCards = items.length === cards.length &&
    items.every((item, index) => Number(item.dataset.wordId) === cards[index].id);
  // The same cards in the same places (the rest of a big book arrived, say) are filled in
  // place, so that a swipe under way, its pointer captured by its card, goes on.
  if (sameCards) items.forEach((item, index) => fillCard(item, cards[index]));
  else $('cards').replaceChildren(...cards.map(makeCard));
  const to = from + cards.length;
  $('position').textContent = count ? t.position(from + 1, to, count) : '';
  $('previous').disabled = from === 0;
  $('next').disabled = to >= count;
  $('first').disabled = from === 0;
  $('last').disabled = to >= count;
  $('jump').max = String(count);
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
  // A card turned or swiped becomes the current card, and the command acts on it.
  followPointer(item, (kind) => {
    page.followCursor = false;
    command(kind, { position: page.from + cardElements().indexOf(item) });
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
  const current = page.cursor - page.from;
  cardElements().forEach((item, index) => item.classList.toggle('current', index === current));
}

// Brings the current card into view once after a key moved it.
function scrollToCurrent() {
  const item = cardElements()[page.cursor - page.from];
  if (!page.followCursor || !item) return;
  page.followCursor = false;
  item.scrollIntoView({ block: 'nearest' });
}

// Follows the server's `screen` event: the list shows the page it carries, when it carries
// one, and marks the current card; the focused view shows the card and the round.
function renderScreen(screen) {
  page.cursor = screen.cursor;
  if (screen.page) renderPage(screen.pageStart, screen.count, screen.page);
  // The current card is one of the page's, which the `card` events keep up to date.
  screen.card = screen.count ? page.cards[screen.cursor - page.from] ?? null : null;
  markCurrent();
  scrollToCurrent();
  page.round = screen.round;
  focus.show(screen);
  speaker.show(screen.speech);
  renderDueSummary();
  if (page.cardsStatus === 'loaded') {
    $('cards-status').textContent = screen.count ? '' : t.cardsEmpty;
  }
}

// What is left of a Due round, from the last screen and the last news of the schedule.
function renderDueSummary() {
  const round = page.round;
  $('due-summary').textContent = round && (round.isScheduled || page.due)
    ? t.roundLeft(round, page.due) : '';
}

function renderCards(cards) {
  page.cardsStatus = cards.status;
  $('cards-status').textContent =
    cards.status === 'loading' ? t.cardsLoading :
    cards.status === 'failed' ? t.cardsFailed(cards.message) : '';
  if (cards.status !== 'loaded') {
    page.cards = [];
    $('cards').replaceChildren();
  }
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
  $('focus-undo').disabled = !status.canUndo;
  $('redo').disabled = !status.canRedo;
  $('tally').textContent = t.tally(status) + (status.unsavedMarks ? t.unsaved(status.unsavedMarks) : '');
  page.due = status.due ?? null;
  focus.updateDue(page.due);
  renderDueSummary();
  const adding = status.isSavingWord && !editor.isSaving;
  $('saving').textContent = adding ? t.saving : '';
  $('save').disabled = status.isSavingWord;
  if (page.addingWord && !status.isSavingWord && !status.error) {
    $('term').value = '';
    $('meaning').value = '';
  }
  page.addingWord = adding;
  editor.update(status);
  showError(status.error || '');
}

function connect() {
  $('connection').textContent = t.connecting;
  const events = new EventSource(`${page.base}events`, { withCredentials: true });
  page.events = events;
  const on = (name, handler) =>
    events.addEventListener(name, (event) => {
      const data = JSON.parse(event.data);
      keep(name, data);
      handler(data);
    });
  on('session', (session) => {
    page.session = session.id;
    page.connected = true;
    page.showingKept = false;
    page.user = session.user ?? null;
    speaker.restart();
    if (page.servers.length === 0) {
      page.servers = [location.origin, ...(session.peers ?? [])].map((origin) => `${origin}/`);
    }
    $('account').hidden = !page.user;
    if (page.user) $('signed-in-as').textContent = t.signedInAs(page.user);
    $('connection').textContent = '';
    offline.send();
  });
  on('picker', (picker) => books.update(picker));
  on('cards', renderCards);
  // Only what the server asks now is said, never a screen the page kept.
  on('screen', (screen) => {
    renderScreen(screen);
    speaker.follow(screen.speech);
  });
  on('status', renderStatus);
  on('card', (card) => {
    const index = page.cards.findIndex((shown) => shown.id === card.id);
    if (index >= 0) page.cards[index] = card;
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
    // Opened without the server (a service worker's copy of the page), the page shows what it
    // last showed, until the browser's next try reaches the server; a server that refused
    // the page says so instead.
    if (events.readyState !== EventSource.CLOSED && (page.showingKept || showKept())) {
      $('connection').textContent = t.offline;
      return;
    }
    // The browser tries again after a dropped connection, but not after a refusal.
    $('connection').textContent =
      events.readyState === EventSource.CLOSED ? t.eventsRefused : t.disconnected;
  });
}

// Keeps the last of each event that draws the page, and each card's news in the screen kept.
function keep(name, data) {
  if (name !== 'card' && !keptEvents.includes(name)) return;
  try {
    const kept = JSON.parse(localStorage.getItem(keptKey) ?? '{}');
    if (name === 'card') {
      const index = kept.screen?.page?.findIndex((card) => card.id === data.id) ?? -1;
      if (index < 0) return;
      kept.screen.page[index] = data;
    } else if (name === 'screen' && !data.page && kept.screen?.page) {
      // A screen carries the list's page only when it changes: the one kept goes on.
      kept.screen = { ...data, page: kept.screen.page, pageStart: kept.screen.pageStart };
    } else {
      kept[name] = data;
    }
    localStorage.setItem(keptKey, JSON.stringify(kept));
  } catch {
    // Storage may be off or full: the page then opens without the server empty.
  }
}

// Draws what the page kept, on a page that has not reached the server since it opened;
// whether it kept anything.
function showKept() {
  if (page.connected || page.showingKept) return false;
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(keptKey) ?? 'null');
  } catch {
    return false;
  }
  if (!kept?.screen) return false;
  page.showingKept = true;
  if (kept.picker) books.update(kept.picker);
  if (kept.cards) renderCards(kept.cards);
  if (kept.status) renderStatus(kept.status);
  renderScreen(kept.screen);
  return true;
}

// Which command each key asks for: the study screen's one key table (`StudyKeyMap`), which the
// server puts in the page beside the texts, and which the page's list of keys shows.
const keyCommands = JSON.parse($('key-commands').textContent);

function onKey(event) {
  if (event.target.closest('input, select, textarea') || document.querySelector('dialog[open]')) {
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  // A focused button answers Space and Enter itself.
  if (event.target.closest('button') && (event.key === ' ' || event.key === 'Enter')) return;
  const name = keyCommands[event.key];
  if (!name) return;
  const item = cardElements()[page.cursor - page.from];
  page.followCursor = true;
  switch (name) {
    // The focused view rates the card it shows, once.
    case 'flip': case 'resetMark': case 'again': case 'hard': case 'good': case 'easy':
      if (page.view === 'focus') focus.act(name);
      else command(name);
      break;
    case 'edit': if (item) editor.open(wordOf(item)); break;
    case 'delete': if (item) deleteQuestion.ask(wordOf(item)); break;
    case 'search': $('search').focus(); break;
    case 'clearSearch':
      $('search').value = '';
      command(name);
      break;
    default: command(name);
  }
  event.preventDefault();
}

function search() {
  clearTimeout(page.searchTimer);
  page.searchTimer = null;
  const query = $('search').value.trim();
  command('setSearchQuery', { query: query || null });
}

function start() {
  translate();
  showView(page.view);
  setUpStudyMenu();
  $('error-dismiss').addEventListener('click', () => {
    showError('');
    send(null, 'dismissError');
  });
  $('shuffle').addEventListener('click', () => command('shuffle'));
  $('mode').addEventListener('change', (event) => {
    command('setStudyMode', { mode: event.target.value });
  });
  $('reverse').addEventListener('click', () => command('toggleReverse'));
  $('search').addEventListener('input', () => {
    // One query per pause in the typing, not one per key: each filters the whole book.
    clearTimeout(page.searchTimer);
    page.searchTimer = setTimeout(search, 250);
  });
  $('search').addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Escape clears the search and ends the typing, as after Enter: the next key is a command.
    event.preventDefault();
    $('search').value = '';
    clearTimeout(page.searchTimer);
    page.searchTimer = null;
    command('clearSearch');
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
  $('undo').addEventListener('click', () => command('undo'));
  $('redo').addEventListener('click', () => command('redo'));
  $('previous').addEventListener('click', () => command('previousPage'));
  $('next').addEventListener('click', () => command('nextPage'));
  $('first').addEventListener('click', () => command('first'));
  $('last').addEventListener('click', () => command('last'));
  $('jump-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const position = Number($('jump').value);
    if (Number.isInteger(position) && position >= 1) command('moveTo', { position: position - 1 });
  });
  $('view-focus').addEventListener('click', () => chooseView('focus'));
  $('view-list').addEventListener('click', () => chooseView('list'));
  $('add-word').addEventListener('submit', (event) => {
    event.preventDefault();
    send('study', 'saveWord', { term: $('term').value, meaning: $('meaning').value });
  });
  document.addEventListener('keydown', onKey);
  window.addEventListener('online', () => offline.send());
  // The service worker keeps the page's files, so that the page opens without the server.
  // Browsers run one only on localhost or over HTTPS; elsewhere the page works without it.
  navigator.serviceWorker?.register('sw.js').catch(() => {});
  connect();
}

start();
