// Wordbook's study page. The server holds the state in a store of its own for this page; the
// page sends the learner's actions and shows what the server's events say. User text reaches
// the page through textContent only.
'use strict';

const texts = {
  en: {
    title: 'Wordbook', books: 'Wordbooks', dismiss: 'Dismiss', shuffle: 'Shuffle', mode: 'Show',
    modeAll: 'All words', modeExcludeSuccess: 'Not yet known', modeFailedOnly: 'Failed only',
    undo: 'Undo', redo: 'Redo', previous: 'Previous', next: 'Next', addWord: 'Add a word',
    term: 'Term', meaning: 'Meaning', save: 'Save', saving: 'Saving…',
    booksLoading: 'Loading the wordbooks…', booksEmpty: 'There are no wordbooks yet.',
    booksFailed: 'The wordbooks could not be loaded: ', cardsLoading: 'Loading the words…',
    cardsFailed: 'The words could not be loaded: ', cardsEmpty: 'No words to show here.',
    tally: (s) => `Known ${s.success} · Not known ${s.fail} · Not studied ${s.notStudied}`,
    unsaved: (n) => ` · ${n} not saved yet`,
    position: (from, to, count) => `${from}–${to} of ${count}`,
    connecting: 'Connecting…', disconnected: 'Connection lost; reconnecting…',
    requestFailed: 'The server refused: ',
    keys: 'Keys: Space flips · → or l knew it · ← or h did not · 0 clears · j/k move · ' +
      's shuffles · m changes what is shown · u undo · r redo. Swipe a card right or left.',
  },
  ko: {
    title: '단어장', books: '단어장 목록', dismiss: '닫기', shuffle: '섞기', mode: '보기',
    modeAll: '모든 단어', modeExcludeSuccess: '아직 모르는 단어', modeFailedOnly: '틀린 단어만',
    undo: '되돌리기', redo: '다시 하기', previous: '이전', next: '다음', addWord: '단어 추가',
    term: '단어', meaning: '뜻', save: '저장', saving: '저장하는 중…',
    booksLoading: '단어장을 불러오는 중…', booksEmpty: '아직 단어장이 없습니다.',
    booksFailed: '단어장을 불러오지 못했습니다: ', cardsLoading: '단어를 불러오는 중…',
    cardsFailed: '단어를 불러오지 못했습니다: ', cardsEmpty: '보여 줄 단어가 없습니다.',
    tally: (s) => `외움 ${s.success} · 모름 ${s.fail} · 안 봄 ${s.notStudied}`,
    unsaved: (n) => ` · 저장 안 됨 ${n}`,
    position: (from, to, count) => `${count}개 중 ${from}–${to}`,
    connecting: '연결하는 중…', disconnected: '연결이 끊겼습니다. 다시 연결하는 중…',
    requestFailed: '서버가 거절했습니다: ',
    keys: '키: Space 뒤집기 · → 또는 l 외움 · ← 또는 h 모름 · 0 지우기 · j/k 이동 · ' +
      's 섞기 · m 보기 바꾸기 · u 되돌리기 · r 다시 하기. 카드를 오른쪽이나 왼쪽으로 밀어도 됩니다.',
  },
};

const t = texts[document.documentElement.lang] || texts.en;
const pageSize = 20;
const swipeDistance = 60;
const page = {
  session: null,
  from: 0,
  count: 0,
  version: 0,
  current: 0,
  savingWord: false,
  cardsStatus: 'notLoaded',
};
const $ = (id) => document.getElementById(id);

function translate() {
  for (const element of document.querySelectorAll('[data-text]')) {
    element.textContent = t[element.dataset.text];
  }
  for (const element of document.querySelectorAll('[data-placeholder]')) {
    element.placeholder = t[element.dataset.placeholder];
  }
  document.title = t.title;
}

function showError(message) {
  $('error-text').textContent = message;
  $('error').hidden = !message;
}

async function send(action) {
  if (!page.session) return;
  try {
    const response = await fetch(`/actions?session=${encodeURIComponent(page.session)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(action),
    });
    if (!response.ok) showError(t.requestFailed + (await response.text()));
  } catch (error) {
    showError(t.requestFailed + error.message);
  }
}

async function loadWindow() {
  if (!page.session) return;
  const url = `/cards?session=${encodeURIComponent(page.session)}&from=${page.from}&count=${pageSize}`;
  try {
    const response = await fetch(url);
    if (!response.ok) return showError(t.requestFailed + (await response.text()));
    const window = await response.json();
    if (window.version < page.version) return;
    renderWindow(window);
  } catch (error) {
    showError(t.requestFailed + error.message);
  }
}

function renderWindow(window) {
  page.from = window.from;
  page.count = window.count;
  const list = $('cards');
  list.replaceChildren(...window.cards.map(makeCard));
  page.current = Math.min(page.current, Math.max(window.cards.length - 1, 0));
  markCurrent();
  const to = window.from + window.cards.length;
  $('position').textContent = window.count ? t.position(window.from + 1, to, window.count) : '';
  $('previous').disabled = window.from === 0;
  $('next').disabled = to >= window.count;
  if (page.cardsStatus === 'loaded') {
    $('cards-status').textContent = window.count ? '' : t.cardsEmpty;
  }
}

function makeCard(card) {
  const item = document.createElement('li');
  item.className = 'card';
  item.tabIndex = 0;
  const term = document.createElement('div');
  term.className = 'term';
  const meaning = document.createElement('div');
  meaning.className = 'meaning';
  item.append(term, meaning);
  fillCard(item, card);
  followPointer(item);
  return item;
}

function fillCard(item, card) {
  item.dataset.wordId = card.id;
  item.dataset.state = card.state;
  item.dataset.face = card.face;
  item.querySelector('.term').textContent = card.term;
  item.querySelector('.meaning').textContent = card.meaning;
}

function cardElements() {
  return Array.from($('cards').children);
}

function markCurrent() {
  cardElements().forEach((item, index) => item.classList.toggle('current', index === page.current));
}

// A card follows the finger (or mouse) and turns green or yellow past the swipe distance;
// a press that barely moves turns it over.
function followPointer(item) {
  let start = null;
  let offset = 0;
  const reset = () => {
    start = null;
    offset = 0;
    item.classList.remove('dragging', 'toward-success', 'toward-fail');
    item.style.transform = '';
  };
  item.addEventListener('pointerdown', (event) => {
    if (event.button !== 0) return;
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
    const id = Number(item.dataset.wordId);
    const moved = offset;
    reset();
    page.current = cardElements().indexOf(item);
    markCurrent();
    if (moved >= swipeDistance) send({ kind: 'markSuccess', id });
    else if (moved <= -swipeDistance) send({ kind: 'markFail', id });
    else if (Math.abs(moved) < 8) send({ kind: 'flip', id });
  });
  item.addEventListener('pointercancel', reset);
}

function renderPicker(picker) {
  const status = $('picker-status');
  status.textContent =
    picker.state === 'loading' ? t.booksLoading :
    picker.state === 'failed' ? t.booksFailed + picker.message :
    picker.state === 'empty' ? t.booksEmpty : '';
  $('books').replaceChildren(...picker.books.map((book) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.bookId = book.id;
    button.textContent = `${book.title} (${book.wordCount})`;
    button.setAttribute('aria-pressed', String(book.id === picker.selected));
    button.addEventListener('click', () => send({ kind: 'selectBook', book: book.id }));
    item.append(button);
    return item;
  }));
  $('study').hidden = picker.selected === null || picker.selected === undefined;
}

function renderCards(cards) {
  page.version = cards.version;
  page.cardsStatus = cards.status;
  $('cards-status').textContent =
    cards.status === 'loading' ? t.cardsLoading :
    cards.status === 'failed' ? t.cardsFailed + cards.message : '';
  if (cards.status !== 'loaded') {
    $('cards').replaceChildren();
    return;
  }
  if (page.from >= cards.count) page.from = Math.max(0, cards.count - pageSize);
  loadWindow();
}

function renderStatus(status) {
  $('mode').value = status.mode;
  $('undo').disabled = !status.canUndo;
  $('redo').disabled = !status.canRedo;
  $('tally').textContent = t.tally(status) + (status.unsavedMarks ? t.unsaved(status.unsavedMarks) : '');
  $('saving').textContent = status.isSavingWord ? t.saving : '';
  $('save').disabled = status.isSavingWord;
  if (page.savingWord && !status.isSavingWord && !status.error) {
    $('term').value = '';
    $('meaning').value = '';
  }
  page.savingWord = status.isSavingWord;
  showError(status.error || '');
}

function connect() {
  $('connection').textContent = t.connecting;
  const events = new EventSource('/events');
  const on = (name, handler) =>
    events.addEventListener(name, (event) => handler(JSON.parse(event.data)));
  on('session', (session) => {
    page.session = session.id;
    page.from = 0;
    page.current = 0;
    $('connection').textContent = '';
  });
  on('picker', renderPicker);
  on('cards', renderCards);
  on('status', renderStatus);
  on('card', (card) => {
    const item = $('cards').querySelector(`[data-word-id="${Number(card.id)}"]`);
    if (item) fillCard(item, card);
  });
  events.addEventListener('error', () => {
    page.session = null;
    $('connection').textContent = t.disconnected;
  });
}

function currentID() {
  const item = cardElements()[page.current];
  return item ? Number(item.dataset.wordId) : null;
}

function onKey(event) {
  if (event.target.closest('input, select, textarea') || event.ctrlKey || event.metaKey || event.altKey) return;
  const id = currentID();
  const onCurrent = (kind, advance) => {
    if (id === null) return;
    send({ kind, id });
    if (advance) move(1);
  };
  switch (event.key) {
    case ' ': case 'Enter': onCurrent('flip'); break;
    case 'ArrowRight': case 'l': onCurrent('markSuccess', true); break;
    case 'ArrowLeft': case 'h': onCurrent('markFail', true); break;
    case '0': onCurrent('resetMark'); break;
    case 'ArrowDown': case 'j': move(1); break;
    case 'ArrowUp': case 'k': move(-1); break;
    case 'u': send({ kind: 'undo' }); break;
    case 'r': send({ kind: 'redo' }); break;
    case 's': page.current = 0; page.from = 0; send({ kind: 'shuffle' }); break;
    case 'm': page.current = 0; page.from = 0; send({ kind: 'toggleStudyMode' }); break;
    default: return;
  }
  event.preventDefault();
}

function move(step) {
  const count = cardElements().length;
  page.current = Math.min(Math.max(page.current + step, 0), Math.max(count - 1, 0));
  markCurrent();
  cardElements()[page.current]?.scrollIntoView({ block: 'nearest' });
}

function start() {
  translate();
  $('error-dismiss').addEventListener('click', () => {
    showError('');
    send({ kind: 'dismissError' });
  });
  $('shuffle').addEventListener('click', () => {
    page.from = 0;
    page.current = 0;
    send({ kind: 'shuffle' });
  });
  $('mode').addEventListener('change', (event) => {
    page.from = 0;
    send({ kind: 'setStudyMode', mode: event.target.value });
  });
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
  $('add-word').addEventListener('submit', (event) => {
    event.preventDefault();
    send({ kind: 'saveWord', term: $('term').value, meaning: $('meaning').value });
  });
  document.addEventListener('keydown', onKey);
  connect();
}

start();
