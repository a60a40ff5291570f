// The page's service worker: it keeps the page's files, so that the page opens without the
// server (the computer asleep, the Wi-Fi gone) and shows the round it had. Each file is asked
// of the server first, so a newer wordbook's page replaces the kept one; the kept one answers
// only when the server cannot. Everything else (the events, the commands) goes to the server.

const cacheName = 'wordbook-page';
const files = [
  './', 'app.css', 'app.js', 'answer.js', 'books.js', 'editor.js', 'focus.js', 'menu.js',
  'offline.js', 'outbox.js', 'speech.js', 'texts.js',
  'manifest.webmanifest', 'icon-192.png', 'icon-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(cacheName).then((cache) => cache.addAll(files)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const scope = new URL(self.registration.scope);
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin) return;
  if (!url.pathname.startsWith(scope.pathname)) return;
  const name = url.pathname.slice(scope.pathname.length) || './';
  if (!files.includes(name)) return;
  // The address with its token (a bookmark) is the page itself once the server is gone.
  const kept = name === './' ? scope.href : new URL(name, scope).href;
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok && !url.search) {
          const copy = response.clone();
          event.waitUntil(caches.open(cacheName).then((cache) => cache.put(kept, copy)));
        }
        return response;
      })
      .catch(() =>
        caches.match(kept, { ignoreVary: true }).then((response) => response ?? Response.error())));
});
