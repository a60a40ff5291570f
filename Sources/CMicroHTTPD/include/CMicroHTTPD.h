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

/// What a listening socket is bound to.
struct wb_http_bound {
  /// The address, written numerically as the system writes it (`0` becomes `0.0.0.0`).
  char host[64];
  uint16_t port;
  int is_ipv6;
  /// Whether it is 0.0.0.0 or ::, every address of the machine.
  int is_unspecified;
  /// Whether it is in 127.0.0.0/8 or is ::1.
  int is_loopback;
};

/// Binds and listens on `host`:`port` (0 picks a free port). Returns the socket, or -1 with
/// `error` set to a message; `bound` receives the address, its port and its kind.
int wb_http_listen(const char *host, uint16_t port, struct wb_http_bound *bound, char *error,
                   size_t error_size);

/// What a handler returns for a request head it lets through.
#define WB_HTTP_ADMITTED (-1)

/// Called twice per request on the daemon's polling thread: with `head_only` 1 once the head
/// has arrived (`body` NULL), when it returns WB_HTTP_ADMITTED or queues a refusal, and may
/// lower `*body_limit` (the daemon's limit when called) for this request's body; then with
/// `head_only` 0 and the whole body, when it must queue a response with wb_http_respond or
/// wb_http_respond_stream. It returns what those return.
typedef int (*wb_http_handler)(void *context, void *connection, const char *method,
                               const char *url, const char *body, size_t body_size,
                               int head_only, size_t *body_limit);

/// How much a daemon accepts.
struct wb_http_limits {
  /// Open connections at once (lowered to what the process's descriptor limit allows).
  unsigned connections;
  /// Bytes in one request body.
  size_t body_bytes;
  /// Seconds a connection has to deliver a request's head, from its opening and after each
  /// answer, before it is closed.
  double request_seconds;
};

/// A certificate and its private key, in PEM, for a daemon that speaks HTTPS.
struct wb_http_tls {
  const char *certificate_pem;
  const char *key_pem;
};

/// Whether the loaded libmicrohttpd was built with TLS (GnuTLS); after wb_http_load.
int wb_http_supports_tls(void);

/// Starts a daemon on the listening socket `fd`: one polling thread serves every connection,
/// over HTTPS with `tls`'s certificate when `tls` is not NULL. `fd` is the daemon's from here on,
/// and closed by it, whether it starts or not; NULL when it does not.
void *wb_http_start(int fd, int is_ipv6, const struct wb_http_limits *limits,
                    const struct wb_http_tls *tls, wb_http_handler handler, void *context);

/// Writes the connection's client address, numerically (`127.0.0.1`, `::1`), into `text` of
/// `size` bytes; an empty string when it is unknown.
void wb_http_client_address(void *connection, char *text, size_t size);

/// Stops the daemon and closes its connections; every suspended connection must have been
/// resumed.
void wb_http_stop(void *daemon);

/// Takes a connection out of the polling loop until wb_http_resume; only from a handler or a
/// stream's reader.
void wb_http_suspend(void *connection);

/// Puts a suspended connection back into the polling loop; from any thread.
void wb_http_resume(void *connection);

/// A request header, or NULL.
const char *wb_http_header(void *connection, const char *name);

/// A query argument, decoded, or NULL.
const char *wb_http_query(void *connection, const char *name);

/// Queues a response that copies `body`; `headers` holds name, value pairs and ends with NULL.
int wb_http_respond(void *connection, unsigned status, const char *const *headers,
                    const void *body, size_t size);

/// Fills `buffer` with at most `max` bytes of a stream, the bytes from `position` on, without
/// waiting: returns 0 only after suspending the connection, -1 at its end. (libmicrohttpd's
/// reader type.)
typedef ssize_t (*wb_http_reader)(void *context, uint64_t position, char *buffer, size_t max);

/// Called once the stream is over, the client gone or the daemon stopped.
typedef void (*wb_http_release)(void *context);

/// Queues a response whose body `reader` produces until it returns -1.
int wb_http_respond_stream(void *connection, unsigned status, const char *const *headers,
                           wb_http_reader reader, void *context, wb_http_release release);

#endif
