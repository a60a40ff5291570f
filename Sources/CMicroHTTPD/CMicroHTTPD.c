#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

// The values below are libmicrohttpd's ABI (microhttpd.h, soname 12); they are fixed for that
// soname, which is why the library is opened by that exact name.
enum {
  MHD_NO = 0,
  MHD_YES = 1,
  MHD_USE_ERROR_LOG = 1,
  MHD_USE_TLS = 2,
  MHD_USE_INTERNAL_POLLING_THREAD = 8,
  MHD_USE_IPv6 = 16,
  MHD_USE_ITC = 1024,
  MHD_ALLOW_SUSPEND_RESUME = 8192 | MHD_USE_ITC,
  MHD_USE_AUTO = 65536,
  MHD_OPTION_END = 0,
  MHD_OPTION_CONNECTION_LIMIT = 2,
  MHD_OPTION_CONNECTION_TIMEOUT = 3,
  MHD_OPTION_NOTIFY_COMPLETED = 4,
  MHD_OPTION_EXTERNAL_LOGGER = 13,
  MHD_OPTION_NOTIFY_CONNECTION = 27,
  MHD_OPTION_LISTEN_SOCKET = 12,
  MHD_OPTION_HTTPS_MEM_KEY = 8,
  MHD_OPTION_HTTPS_MEM_CERT = 9,
  MHD_OPTION_ARRAY = 15,
  MHD_FEATURE_TLS = 2,
  MHD_HEADER_KIND = 1,
  MHD_CONNECTION_INFO_CLIENT_ADDRESS = 2,
  MHD_CONNECTION_INFO_FD = 6,
  MHD_CONNECTION_INFO_SOCKET_CONTEXT = 7,
  MHD_CONNECTION_NOTIFY_STARTED = 0,
  MHD_CONNECTION_NOTIFY_CLOSED = 1,
  MHD_GET_ARGUMENT_KIND = 8,
  MHD_RESPMEM_MUST_COPY = 2,
};

typedef int (*access_handler)(void *, void *, const char *, const char *, const char *,
                              const char *, size_t *, void **);
typedef void (*completed_handler)(void *, void *, void **, int);
typedef void (*connection_handler)(void *, void *, void **, int);
typedef void (*log_handler)(void *, const char *, va_list);

// libmicrohttpd's struct MHD_OptionItem: an option and its value, in an MHD_OPTION_ARRAY.
struct option_item {
  int option;
  intptr_t value;
  void *pointer;
};

// The members of libmicrohttpd's union MHD_ConnectionInfo that Wordbook reads.
union connection_info {
  int fd;
  const struct sockaddr *client_address;
  void *socket_context;
};

static void *(*start_daemon)(unsigned, uint16_t, void *, void *, access_handler, void *, ...);
static void (*stop_daemon)(void *);
static const char *(*lookup_value)(void *, int, const char *);
static void *(*response_from_buffer)(size_t, const void *, int);
static void *(*response_from_callback)(uint64_t, size_t, wb_http_reader, void *,
                                       wb_http_release);
static int (*add_header)(void *, const char *, const char *);
static int (*queue_response)(void *, unsigned, void *);
static void (*destroy_response)(void *);
static const union connection_info *(*get_info)(void *, int, ...);
static void (*suspend_connection)(void *);
static void (*resume_connection)(void *);
static int (*is_feature_supported)(int);

const char *wb_http_load(void) {
  static char message[512];
  if (stop_daemon) return NULL;
  // The variable lets a test take the path of a machine without the library, through the
  // real dlopen failure; it grants nothing LD_PRELOAD does not already.
  const char *name = getenv("WORDBOOK_LIBMICROHTTPD");
  if (!name || !*name) name = "libmicrohttpd.so.12";
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(message, sizeof message, "%s", dlerror());
    return message;
  }
  start_daemon = dlsym(library, "MHD_start_daemon");
  lookup_value = dlsym(library, "MHD_lookup_connection_value");
  response_from_buffer = dlsym(library, "MHD_create_response_from_buffer");
  response_from_callback = dlsym(library, "MHD_create_response_from_callback");
  add_header = dlsym(library, "MHD_add_response_header");
  queue_response = dlsym(library, "MHD_queue_response");
  destroy_response = dlsym(library, "MHD_destroy_response");
  get_info = dlsym(library, "MHD_get_connection_info");
  suspend_connection = dlsym(library, "MHD_suspend_connection");
  resume_connection = dlsym(library, "MHD_resume_connection");
  is_feature_supported = dlsym(library, "MHD_is_feature_supported");
  void *stop = dlsym(library, "MHD_stop_daemon");
  if (!start_daemon || !lookup_value || !response_from_buffer || !response_from_callback ||
      !add_header || !queue_response || !destroy_response || !get_info ||
      !suspend_connection || !resume_connection || !is_feature_supported || !stop) {
    snprintf(message, sizeof message, "%s lacks a function Wordbook uses", name);
    return message;
  }
  stop_daemon = stop;
  return NULL;
}

int wb_http_supports_tls(void) { return is_feature_supported(MHD_FEATURE_TLS) == MHD_YES; }

static int is_loopback(const struct sockaddr_storage *address) {
  if (address->ss_family == AF_INET) {
    return (ntohl(((const struct sockaddr_in *)address)->sin_addr.s_addr) >> 24) == 127;
  }
  if (address->ss_family == AF_INET6) {
    const struct in6_addr *ip = &((const struct sockaddr_in6 *)address)->sin6_addr;
    return IN6_IS_ADDR_LOOPBACK(ip) ||
           (IN6_IS_ADDR_V4MAPPED(ip) && ip->s6_addr[12] == 127);
  }
  return 0;
}

int wb_http_listen(const char *host, uint16_t port, struct wb_http_bound *bound, char *error,
                   size_t error_size) {
  struct addrinfo hints = {0}, *found = NULL;
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE | AI_NUMERICSERV;
  char service[8];
  snprintf(service, sizeof service, "%u", port);
  int status = getaddrinfo(host, service, &hints, &found);
  if (status != 0) {
    snprintf(error, error_size, "'%s' is not an IP address (%s)", host, gai_strerror(status));
    return -1;
  }
  int fd = socket(found->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int yes = 1;
  if (fd >= 0) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  if (fd < 0 || bind(fd, found->ai_addr, found->ai_addrlen) != 0 || listen(fd, 1024) != 0) {
    snprintf(error, error_size, "cannot listen on %s port %u: %s", host, port, strerror(errno));
    if (fd >= 0) close(fd);
    freeaddrinfo(found);
    return -1;
  }
  freeaddrinfo(found);
  struct sockaddr_storage address;
  socklen_t length = sizeof address;
  getsockname(fd, (struct sockaddr *)&address, &length);
  bound->is_ipv6 = address.ss_family == AF_INET6;
  if (bound->is_ipv6) {
    const struct in6_addr *ip = &((struct sockaddr_in6 *)&address)->sin6_addr;
    bound->port = ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
    bound->is_unspecified = IN6_IS_ADDR_UNSPECIFIED(ip);
  } else {
    bound->port = ntohs(((struct sockaddr_in *)&address)->sin_port);
    bound->is_unspecified = ((struct sockaddr_in *)&address)->sin_addr.s_addr == INADDR_ANY;
  }
  bound->is_loopback = is_loopback(&address);
  // The address as the system writes it, so that `0`, `127.1` or `::0` are named the one way.
  if (getnameinfo((struct sockaddr *)&address, length, bound->host, sizeof bound->host, NULL, 0,
                  NI_NUMERICHOST) != 0) {
    snprintf(bound->host, sizeof bound->host, "%s", host);
  }
  return fd;
}

// What the daemon keeps between the calls of one request: the body read so far, and the most
// it may hold, which the handler may have lowered from the daemon's limit at the head.
struct upload {
  char *data;
  size_t size;
  size_t limit;
  int too_large;
};

// One open connection, from its accept to its close. A connection is *waiting* while it owes
// the server a request (from its accept, and again after each answer): that is all a client
// without the token can make a connection do, so the waiting ones are the ones the deadline
// and the budget below act on, and a connection whose request was admitted is never cut.
struct peer {
  struct peer *older, *newer;
  int fd;
  int is_waiting;
  double deadline;
  struct sockaddr_storage address;
  int is_loopback;
};

struct server {
  wb_http_handler handler;
  void *context;
  size_t body_limit;
  double request_seconds;
  // Waiting connections beyond this many push out the oldest waiting one, so that a flood of
  // silent connections can never fill the daemon's limit: a new connection always gets in,
  // and a learner's request arrives long before hundreds of later connections push it out.
  unsigned waiting_budget;
  // Connections one address off loopback may hold; on loopback every local program shares
  // 127.0.0.1, so there only the budget and the deadline apply.
  unsigned per_address;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  pthread_t watchdog;
  int is_stopping;
  struct peer *oldest, *newest;
  unsigned waiting;
};

static double now_seconds(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static int same_address(const struct sockaddr_storage *a, const struct sockaddr_storage *b) {
  if (a->ss_family != b->ss_family) return 0;
  if (a->ss_family == AF_INET) {
    return ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
           ((const struct sockaddr_in *)b)->sin_addr.s_addr;
  }
  return memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
                &((const struct sockaddr_in6 *)b)->sin6_addr, sizeof(struct in6_addr)) == 0;
}

// Ends a waiting connection from outside libmicrohttpd: the daemon sees the socket's end,
// closes it and reports it closed, which is what removes the peer. Called with the lock held,
// so the descriptor is still the connection's own (the daemon closes it only after reporting).
static void cut(struct server *server, struct peer *peer) {
  if (!peer->is_waiting) return;
  peer->is_waiting = 0;
  server->waiting--;
  shutdown(peer->fd, SHUT_RDWR);
}

static void set_waiting(struct server *server, struct peer *peer, int waiting) {
  if (peer->is_waiting == waiting) return;
  peer->is_waiting = waiting;
  if (waiting) {
    server->waiting++;
    peer->deadline = now_seconds() + server->request_seconds;
  } else {
    server->waiting--;
  }
}

static void *watch_deadlines(void *argument) {
  struct server *server = argument;
  pthread_mutex_lock(&server->lock);
  while (!server->is_stopping) {
    double now = now_seconds();
    for (struct peer *peer = server->oldest; peer; peer = peer->newer) {
      if (peer->is_waiting && peer->deadline <= now) cut(server, peer);
    }
    // A quarter of a second is the deadline's precision; the deadline itself is seconds.
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 250000000L;
    if (until.tv_nsec >= 1000000000L) until.tv_sec += 1, until.tv_nsec -= 1000000000L;
    pthread_cond_timedwait(&server->changed, &server->lock, &until);
  }
  pthread_mutex_unlock(&server->lock);
  return NULL;
}

static struct peer *peer_of(void *connection) {
  const union connection_info *info =
      get_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info ? info->socket_context : NULL;
}

static void on_connection(void *cls, void *connection, void **context, int code) {
  struct server *server = cls;
  if (code == MHD_CONNECTION_NOTIFY_STARTED) {
    const union connection_info *fd = get_info(connection, MHD_CONNECTION_INFO_FD);
    const union connection_info *from =
        get_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    struct peer *peer = calloc(1, sizeof *peer);
    if (!peer || !fd || !from || !from->client_address) {
      // Without a record the connection could not be cut later, so it is refused now.
      free(peer);
      if (fd) shutdown(fd->fd, SHUT_RDWR);
      return;
    }
    peer->fd = fd->fd;
    memcpy(&peer->address, from->client_address,
           from->client_address->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
                                                       : sizeof(struct sockaddr_in));
    peer->is_loopback = is_loopback(&peer->address);
    pthread_mutex_lock(&server->lock);
    unsigned same = 0;
    for (struct peer *other = server->oldest; other && !peer->is_loopback; other = other->newer) {
      same += same_address(&other->address, &peer->address);
    }
    peer->older = server->newest;
    if (server->newest) server->newest->newer = peer;
    else server->oldest = peer;
    server->newest = peer;
    set_waiting(server, peer, 1);
    if (same >= server->per_address) cut(server, peer);
    for (struct peer *old = server->oldest; old && server->waiting > server->waiting_budget;
         old = old->newer) {
      cut(server, old);
    }
    pthread_mutex_unlock(&server->lock);
    *context = peer;
  } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
    struct peer *peer = *context;
    if (!peer) return;
    pthread_mutex_lock(&server->lock);
    set_waiting(server, peer, 0);
    if (peer->older) peer->older->newer = peer->newer;
    else server->oldest = peer->newer;
    if (peer->newer) peer->newer->older = peer->older;
    else server->newest = peer->older;
    pthread_mutex_unlock(&server->lock);
    free(peer);
    *context = NULL;
  }
}

static void admitted(struct server *server, void *connection) {
  struct peer *peer = peer_of(connection);
  if (!peer) return;
  pthread_mutex_lock(&server->lock);
  set_waiting(server, peer, 0);
  pthread_mutex_unlock(&server->lock);
}

static int refuse_large_body(void *connection) {
  static const char text[] = "The request body is larger than Wordbook accepts.\n";
  const char *headers[] = {"Content-Type", "text/plain; charset=utf-8", NULL};
  return wb_http_respond(connection, 413, headers, text, sizeof text - 1);
}

static int on_request(void *cls, void *connection, const char *url, const char *method,
                      const char *version, const char *data, size_t *data_size, void **state) {
  (void)version;
  struct server *server = cls;
  struct upload *upload = *state;
  if (!upload) {
    upload = calloc(1, sizeof *upload);
    if (!upload) return MHD_NO;
    *state = upload;
    // The rules run on the head alone, so a client without the token sends no body and holds
    // no connection past its refusal.
    size_t limit = server->body_limit;
    int refused = server->handler(server->context, connection, method, url, NULL, 0, 1, &limit);
    if (refused != WB_HTTP_ADMITTED) return refused;
    admitted(server, connection);
    upload->limit = limit < server->body_limit ? limit : server->body_limit;
    const char *length = lookup_value(connection, MHD_HEADER_KIND, "Content-Length");
    if (length && strtoull(length, NULL, 10) > upload->limit) upload->too_large = 1;
    if (upload->too_large) return refuse_large_body(connection);
    return MHD_YES;
  }
  if (*data_size > 0) {
    if (!upload->too_large && upload->size + *data_size <= upload->limit) {
      char *grown = realloc(upload->data, upload->size + *data_size + 1);
      if (!grown) return MHD_NO;
      memcpy(grown + upload->size, data, *data_size);
      upload->data = grown;
      upload->size += *data_size;
    } else {
      upload->too_large = 1;
    }
    *data_size = 0;
    return MHD_YES;
  }
  if (upload->too_large) return refuse_large_body(connection);
  return server->handler(server->context, connection, method, url,
                         upload->data ? upload->data : "", upload->size, 0, NULL);
}

static void on_completed(void *cls, void *connection, void **state, int reason) {
  (void)reason;
  struct server *server = cls;
  struct upload *upload = *state;
  if (upload) free(upload->data);
  free(upload);
  *state = NULL;
  // The next request on a kept-alive connection has the same deadline as the first.
  struct peer *peer = peer_of(connection);
  if (!peer) return;
  pthread_mutex_lock(&server->lock);
  set_waiting(server, peer, 1);
  pthread_mutex_unlock(&server->lock);
}

// A client that leaves (a closed or reloaded tab, or a connection cut at its deadline) makes
// the daemon log a failed send, a failed read or an incomplete request; that is the normal end
// of a page, not an error, so only the rest print.
static void log_message(void *cls, const char *format, va_list arguments) {
  (void)cls;
  char text[1024];
  vsnprintf(text, sizeof text, format, arguments);
  static const char *const departures[] = {
      "forcibly closed by remote peer",
      "no longer available for sending",
      "socket is not connected",
      "closed by remote side with incomplete request",
      "Connection socket is closed when reading request",
      "Socket has been disconnected when reading request",
  };
  for (size_t i = 0; i < sizeof departures / sizeof *departures; i++) {
    if (strstr(text, departures[i])) return;
  }
  size_t length = strlen(text);
  fprintf(stderr, "wordbook: web server: %s%s", text,
          length && text[length - 1] == '\n' ? "" : "\n");
}

static void stop_watchdog(struct server *server) {
  pthread_mutex_lock(&server->lock);
  server->is_stopping = 1;
  pthread_cond_signal(&server->changed);
  pthread_mutex_unlock(&server->lock);
  pthread_join(server->watchdog, NULL);
  pthread_cond_destroy(&server->changed);
  pthread_mutex_destroy(&server->lock);
  free(server);
}

// What wb_http_start hands out: the daemon and the state its callbacks share.
struct running {
  void *daemon;
  struct server *server;
};

void *wb_http_start(int fd, int is_ipv6, const struct wb_http_limits *limits,
                    const struct wb_http_tls *tls, wb_http_handler handler, void *context) {
  struct server *server = calloc(1, sizeof *server);
  if (!server) {
    close(fd);
    return NULL;
  }
  server->handler = handler;
  server->context = context;
  server->body_limit = limits->body_bytes;
  server->request_seconds = limits->request_seconds;
  unsigned connections = limits->connections;
  // Each connection is a descriptor; beyond the process's limit accept() would fail instead.
  struct rlimit descriptors;
  if (getrlimit(RLIMIT_NOFILE, &descriptors) == 0 && descriptors.rlim_cur != RLIM_INFINITY &&
      descriptors.rlim_cur < (rlim_t)connections + 64) {
    connections = descriptors.rlim_cur > 128 ? (unsigned)descriptors.rlim_cur - 64 : 64;
  }
  server->waiting_budget = connections - connections / 8;
  server->per_address = connections / 4 > 0 ? connections / 4 : 1;
  pthread_mutex_init(&server->lock, NULL);
  pthread_cond_init(&server->changed, NULL);
  if (pthread_create(&server->watchdog, NULL, watch_deadlines, server) != 0) {
    free(server);
    close(fd);
    return NULL;
  }
  // One polling thread with epoll (or poll) serves every connection; an event stream with
  // nothing to send is suspended rather than waited on, so no connection holds a thread.
  unsigned flags = MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_ALLOW_SUSPEND_RESUME |
                   MHD_USE_ERROR_LOG | (is_ipv6 ? MHD_USE_IPv6 : 0) | (tls ? MHD_USE_TLS : 0);
  // GnuTLS reads the key and the certificate into its own structures as the daemon starts.
  struct option_item tls_options[] = {
      {tls ? MHD_OPTION_HTTPS_MEM_KEY : MHD_OPTION_END, 0, tls ? (void *)tls->key_pem : NULL},
      {MHD_OPTION_HTTPS_MEM_CERT, 0, tls ? (void *)tls->certificate_pem : NULL},
      {MHD_OPTION_END, 0, NULL},
  };
  // libmicrohttpd closes the listening socket it is given when it stops, and also when it
  // fails to start after reading its options (a certificate that does not match its key), but
  // not when it fails before: it gets a copy of its own, and the caller's is closed here on
  // every path, so that no descriptor is closed twice, which in a process of many servers may
  // close another server's connection that took the number meanwhile.
  int daemons = fcntl(fd, F_DUPFD_CLOEXEC, 0);
  close(fd);
  if (daemons < 0) {
    stop_watchdog(server);
    return NULL;
  }
  // The logger comes first so that it sees every message, those about the other options too.
  void *daemon = start_daemon(
      flags, 0, NULL, NULL, (access_handler)on_request, server, MHD_OPTION_EXTERNAL_LOGGER,
      (log_handler)log_message, NULL, MHD_OPTION_LISTEN_SOCKET, daemons,
      MHD_OPTION_CONNECTION_LIMIT, connections, MHD_OPTION_CONNECTION_TIMEOUT, 60u,
      MHD_OPTION_NOTIFY_COMPLETED, (completed_handler)on_completed, server,
      MHD_OPTION_NOTIFY_CONNECTION, (connection_handler)on_connection, server, MHD_OPTION_ARRAY,
      tls_options, MHD_OPTION_END);
  if (!daemon) {
    stop_watchdog(server);
    return NULL;
  }
  struct running *running = malloc(sizeof *running);
  if (!running) {
    stop_daemon(daemon);
    stop_watchdog(server);
    return NULL;
  }
  running->daemon = daemon;
  running->server = server;
  return running;
}

void wb_http_stop(void *handle) {
  struct running *running = handle;
  // The daemon reports every connection closed before it returns, so no peer is left.
  stop_daemon(running->daemon);
  stop_watchdog(running->server);
  free(running);
}

void wb_http_suspend(void *connection) { suspend_connection(connection); }

void wb_http_resume(void *connection) { resume_connection(connection); }

const char *wb_http_header(void *connection, const char *name) {
  return lookup_value(connection, MHD_HEADER_KIND, name);
}

void wb_http_client_address(void *connection, char *text, size_t size) {
  text[0] = 0;
  struct peer *peer = peer_of(connection);
  if (!peer) return;
  socklen_t length = peer->address.ss_family == AF_INET6 ? sizeof(struct sockaddr_in6)
                                                         : sizeof(struct sockaddr_in);
  if (getnameinfo((struct sockaddr *)&peer->address, length, text, size, NULL, 0,
                  NI_NUMERICHOST) != 0) {
    text[0] = 0;
  }
}

const char *wb_http_query(void *connection, const char *name) {
  return lookup_value(connection, MHD_GET_ARGUMENT_KIND, name);
}

static int queue(void *connection, unsigned status, const char *const *headers, void *response) {
  if (!response) return MHD_NO;
  for (size_t i = 0; headers && headers[i] && headers[i + 1]; i += 2) {
    add_header(response, headers[i], headers[i + 1]);
  }
  int result = queue_response(connection, status, response);
  destroy_response(response);
  return result;
}

int wb_http_respond(void *connection, unsigned status, const char *const *headers,
                    const void *body, size_t size) {
  return queue(connection, status, headers,
               response_from_buffer(size, size ? body : "", MHD_RESPMEM_MUST_COPY));
}

int wb_http_respond_stream(void *connection, unsigned status, const char *const *headers,
                           wb_http_reader reader, void *context, wb_http_release release) {
  // The reader hands over what it has at once, whatever the block size, so a large block only
  // moves a large card's event in fewer calls.
  void *response = response_from_callback(UINT64_MAX, 64 << 10, reader, context, release);
  if (!response) release(context);
  return queue(connection, status, headers, response);
}
