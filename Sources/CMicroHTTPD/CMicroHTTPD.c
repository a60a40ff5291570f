#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

// The values below are libmicrohttpd's ABI (microhttpd.h, soname 12); they are fixed for that
// soname, which is why the library is opened by that exact name.
enum {
  MHD_NO = 0,
  MHD_YES = 1,
  MHD_USE_ERROR_LOG = 1,
  MHD_USE_THREAD_PER_CONNECTION = 4,
  MHD_USE_INTERNAL_POLLING_THREAD = 8,
  MHD_USE_IPv6 = 16,
  MHD_OPTION_END = 0,
  MHD_OPTION_CONNECTION_LIMIT = 2,
  MHD_OPTION_CONNECTION_TIMEOUT = 3,
  MHD_OPTION_NOTIFY_COMPLETED = 4,
  MHD_OPTION_LISTEN_SOCKET = 12,
  MHD_HEADER_KIND = 1,
  MHD_GET_ARGUMENT_KIND = 8,
  MHD_RESPMEM_MUST_COPY = 2,
};

typedef int (*access_handler)(void *, void *, const char *, const char *, const char *,
                              const char *, size_t *, void **);
typedef void (*completed_handler)(void *, void *, void **, int);

static void *(*start_daemon)(unsigned, uint16_t, void *, void *, access_handler, void *, ...);
static void (*stop_daemon)(void *);
static const char *(*lookup_value)(void *, int, const char *);
static void *(*response_from_buffer)(size_t, const void *, int);
static void *(*response_from_callback)(uint64_t, size_t, wb_http_reader, void *,
                                       wb_http_release);
static int (*add_header)(void *, const char *, const char *);
static int (*queue_response)(void *, unsigned, void *);
static void (*destroy_response)(void *);

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
  void *stop = dlsym(library, "MHD_stop_daemon");
  if (!start_daemon || !lookup_value || !response_from_buffer || !response_from_callback ||
      !add_header || !queue_response || !destroy_response || !stop) {
    snprintf(message, sizeof message, "%s lacks a function Wordbook uses", name);
    return message;
  }
  stop_daemon = stop;
  return NULL;
}

int wb_http_listen(const char *host, uint16_t port, uint16_t *bound_port, int *is_ipv6,
                   char *error, size_t error_size) {
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
  if (fd < 0 || bind(fd, found->ai_addr, found->ai_addrlen) != 0 || listen(fd, 64) != 0) {
    snprintf(error, error_size, "cannot listen on %s port %u: %s", host, port, strerror(errno));
    if (fd >= 0) close(fd);
    freeaddrinfo(found);
    return -1;
  }
  *is_ipv6 = found->ai_family == AF_INET6;
  freeaddrinfo(found);
  struct sockaddr_storage address;
  socklen_t length = sizeof address;
  getsockname(fd, (struct sockaddr *)&address, &length);
  *bound_port = ntohs(address.ss_family == AF_INET6
                          ? ((struct sockaddr_in6 *)&address)->sin6_port
                          : ((struct sockaddr_in *)&address)->sin_port);
  return fd;
}

// What the daemon keeps between the calls of one request: the body read so far.
struct upload {
  char *data;
  size_t size;
  int too_large;
};

struct server {
  wb_http_handler handler;
  void *context;
  size_t body_limit;
};

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
    const char *length = lookup_value(connection, MHD_HEADER_KIND, "Content-Length");
    if (length && strtoull(length, NULL, 10) > server->body_limit) upload->too_large = 1;
    if (upload->too_large) return refuse_large_body(connection);
    return MHD_YES;
  }
  if (*data_size > 0) {
    if (!upload->too_large && upload->size + *data_size <= server->body_limit) {
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
                         upload->data ? upload->data : "", upload->size);
}

static void on_completed(void *cls, void *connection, void **state, int reason) {
  (void)cls, (void)connection, (void)reason;
  struct upload *upload = *state;
  if (upload) free(upload->data);
  free(upload);
  *state = NULL;
}

void *wb_http_start(int fd, int is_ipv6, unsigned connection_limit, size_t body_limit,
                    wb_http_handler handler, void *context) {
  struct server *server = malloc(sizeof *server);
  if (!server) return NULL;
  server->handler = handler;
  server->context = context;
  server->body_limit = body_limit;
  unsigned flags = MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD |
                   MHD_USE_ERROR_LOG | (is_ipv6 ? MHD_USE_IPv6 : 0);
  void *daemon = start_daemon(flags, 0, NULL, NULL, (access_handler)on_request, server,
                              MHD_OPTION_LISTEN_SOCKET, fd, MHD_OPTION_CONNECTION_LIMIT,
                              connection_limit, MHD_OPTION_CONNECTION_TIMEOUT, 120u,
                              MHD_OPTION_NOTIFY_COMPLETED, (completed_handler)on_completed, NULL,
                              MHD_OPTION_END);
  if (!daemon) free(server);
  return daemon;
}

void wb_http_stop(void *daemon) { stop_daemon(daemon); }

const char *wb_http_header(void *connection, const char *name) {
  return lookup_value(connection, MHD_HEADER_KIND, name);
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
  // A block size of 1 KiB keeps each event's bytes flowing as soon as they are produced.
  void *response = response_from_callback(UINT64_MAX, 1024, reader, context, release);
  if (!response) release(context);
  return queue(connection, status, headers, response);
}
