#ifndef WORDBOOK_CMICROHTTPD_H
#define WORDBOOK_CMICROHTTPD_H

// A small C face for GNU libmicrohttpd, loaded at run time with dlopen so that the package
// builds and its other commands run on a machine without the library. It declares only what
// Wordbook uses; the C variadic MHD_start_daemon stays on this side.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// Loads libmicrohttpd.so.12, or the library the environment variable WORDBOOK_LIBMICROHTTPD
/// names; returns NULL when it is ready, or the loader's message.
const char *wb_http_load(void);

/// Binds and listens on `host`:`port` (0 picks a free port). Returns the socket, or -1 with
/// `error` set to a message; `bound_port` receives the port and `is_ipv6` the family.
int wb_http_listen(const char *host, uint16_t port, uint16_t *bound_port, int *is_ipv6,
                   char *error, size_t error_size);

/// Called once per request with its whole body, on the connection's thread; it must queue a
/// response with wb_http_respond or wb_http_respond_stream and return what they return.
typedef int (*wb_http_handler)(void *context, void *connection, const char *method,
                               const char *url, const char *body, size_t body_size);

/// Starts a daemon with one thread per connection on the listening socket `fd`.
void *wb_http_start(int fd, int is_ipv6, unsigned connection_limit, size_t body_limit,
                    wb_http_handler handler, void *context);

/// Stops the daemon and closes its connections.
void wb_http_stop(void *daemon);

/// A request header, or NULL.
const char *wb_http_header(void *connection, const char *name);

/// A query argument, decoded, or NULL.
const char *wb_http_query(void *connection, const char *name);

/// Queues a response that copies `body`; `headers` holds name, value pairs and ends with NULL.
int wb_http_respond(void *connection, unsigned status, const char *const *headers,
                    const void *body, size_t size);

/// Fills `buffer` with at most `max` bytes of a stream, the bytes from `position` on,
/// blocking until there are some; returns -1 at its end. (libmicrohttpd's reader type.)
typedef ssize_t (*wb_http_reader)(void *context, uint64_t position, char *buffer, size_t max);

/// Called once the stream is over, the client gone or the daemon stopped.
typedef void (*wb_http_release)(void *context);

/// Queues a response whose body `reader` produces until it returns -1.
int wb_http_respond_stream(void *connection, unsigned status, const char *const *headers,
                           wb_http_reader reader, void *context, wb_http_release release);

#endif
