// The ratings given while the server could not be reached, kept in the browser's IndexedDB
// until the server takes them (`POST /ratings`), in the order they were given: each with an ID
// made here (a random origin for this page, then a count, 32 hexadecimal digits as the server's
// `ReviewID` writes them), the word, the rating (1 again to 4 easy) and the time the learner
// gave it. The server records each with its own time, stores one sent twice once, and answers
// for each: stored (200), refused for good (under 500: another learner's word, a time out of
// bounds, an ID taken), or to be sent again (500 and over).

const storeName = 'ratings';
// The most ratings one request carries, as the server's `OfflineRatings.limit` allows.
const batchSize = 200;
const ratingValues = { again: 1, hard: 2, good: 3, easy: 4 };

/** `count` random bits as hexadecimal digits (a multiple of 32). */
function randomHex(count) {
  const words = crypto.getRandomValues(new Uint32Array(count / 32));
  return Array.from(words, (word) => word.toString(16).padStart(8, '0')).join('');
}

/** One database's request as a promise. */
function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The outbox of one page's folder: its ratings in IndexedDB, and their sending. */
export class Outbox {
  /** An outbox kept in the database `name`; the IDs it makes have an origin of their own. */
  constructor(name) {
    this.name = name;
    this.origin = randomHex(64);
    this.sequence = 0;
    this.database = null;
  }

  /** The database, opened once; rejects where IndexedDB is off (a private window may). */
  open() {
    if (!this.database) {
      const request = indexedDB.open(this.name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { autoIncrement: true });
      this.database = settled(request);
      this.database.catch(() => { this.database = null; });
    }
    return this.database;
  }

  /** Runs `work` on the ratings' store in a transaction of `mode`, resolving once it is done. */
  async inStore(mode, work) {
    const database = await this.open();
    const transaction = database.transaction(storeName, mode);
    const result = work(transaction.objectStore(storeName));
    await new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result instanceof IDBRequest ? result.result : result;
  }

  /** A new rating's identity: this page's origin and its next count. */
  nextID() {
    this.sequence += 1;
    return this.origin + this.sequence.toString(16).padStart(16, '0');
  }

  /**
   * Keeps the rating `name` (`again` to `easy`) of the word `word`, given now, with the
   * identity `id` it was posted with (so the server stores it once if that post did arrive).
   */
  add(word, name, id) {
    const rating = {
      id,
      word,
      rating: ratingValues[name],
      time: Math.floor(Date.now() / 1000),
    };
    return this.inStore('readwrite', (store) => store.add(rating));
  }

  /** How many ratings wait. */
  count() {
    return this.inStore('readonly', (store) => store.count());
  }

  /** The first `limit` ratings waiting, in order, each with its key. */
  first(limit) {
    return this.inStore('readonly', (store) => {
      const found = [];
      store.openCursor().onsuccess = (event) => {
        const cursor = event.target.result;
        if (!cursor) return;
        found.push({ key: cursor.key, rating: cursor.value });
        if (found.length < limit) cursor.continue();
      };
      return found;
    });
  }

  /** Removes the ratings of `keys`. */
  remove(keys) {
    return this.inStore('readwrite', (store) => {
      for (const key of keys) store.delete(key);
    });
  }

  /** Sends the ratings in order, in batches, through `post` (which posts `{ratings}` and
   * resolves to the server's response, or rejects when no answer came), removing each the
   * server stored or refused for good. Resolves to how many were stored, the sentences of those
   * refused, and whether some still wait for a server that could not take them. */
  async send(post) {
    const outcome = { stored: 0, refused: [], waiting: false };
    for (;;) {
      const batch = await this.first(batchSize);
      if (batch.length === 0) return outcome;
      let response;
      try {
        response = await post({ ratings: batch.map((entry) => entry.rating) });
      } catch {
        return { ...outcome, waiting: true };
      }
      if (response.status === 400 || response.status === 413 || response.status === 415) {
        // The server will never take this batch: it says why, and the batch goes.
        outcome.refused.push(await response.text());
        await this.remove(batch.map((entry) => entry.key));
        continue;
      }
      if (!response.ok) return { ...outcome, waiting: true };
      const { results } = await response.json();
      const done = [];
      let again = false;
      batch.forEach((entry, index) => {
        const result = results[index];
        if (!result || result.id !== entry.rating.id || result.status >= 500) {
          again = true;
          return;
        }
        done.push(entry.key);
        if (result.status === 200) outcome.stored += 1;
        else outcome.refused.push(result.message);
      });
      await this.remove(done);
      if (again) return { ...outcome, waiting: true };
    }
  }
}
