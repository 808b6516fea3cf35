// CMicroHTTPD: GNU libmicrohttpd 0.9.75 plus the few helpers Swift cannot write itself
// (variadic calls, sockaddr casts). Only the HTTPServer wrapper imports this module.
#include <sys/types.h>
#include <sys/select.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include <microhttpd.h>

/// Callback type of MHD_OPTION_URI_LOG_CALLBACK (the raw request target, before MHD splits it).
typedef void *(*marks_mhd_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// MHD_OPTION_UNESCAPE_CALLBACK that leaves the path as sent: the wrapper decodes the raw target itself.
static size_t marks_mhd_keep_escaped(void *cls, struct MHD_Connection *connection, char *s) {
    (void) cls;
    (void) connection;
    return strlen(s);
}

/// Starts a daemon on an already listening socket. MHD_start_daemon is variadic, so the options travel
/// in an MHD_OptionItem array (MHD_OPTION_ARRAY). Returns NULL when MHD refuses the settings.
static inline struct MHD_Daemon *marks_mhd_start(unsigned int flags,
                                                 int listen_fd,
                                                 unsigned int thread_pool_size,
                                                 unsigned int connection_timeout_seconds,
                                                 size_t connection_memory_limit,
                                                 unsigned int connection_limit,
                                                 MHD_AcceptPolicyCallback accept_policy,
                                                 MHD_AccessHandlerCallback handler,
                                                 MHD_RequestCompletedCallback completed,
                                                 marks_mhd_uri_log_callback uri_log,
                                                 MHD_NotifyConnectionCallback notify_connection,
                                                 void *context) {
    struct MHD_OptionItem options[] = {
        { MHD_OPTION_LISTEN_SOCKET, (intptr_t) listen_fd, NULL },
        { MHD_OPTION_CONNECTION_TIMEOUT, (intptr_t) connection_timeout_seconds, NULL },
        { MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t) connection_memory_limit, NULL },
        { MHD_OPTION_CONNECTION_LIMIT, (intptr_t) connection_limit, NULL },
        { MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) completed, context },
        { MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) uri_log, context },
        { MHD_OPTION_NOTIFY_CONNECTION, (intptr_t) notify_connection, context },
        { MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t) marks_mhd_keep_escaped, NULL },
        { thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, (intptr_t) thread_pool_size, NULL },
        { MHD_OPTION_END, 0, NULL },
    };
    return MHD_start_daemon(flags, 0, accept_policy, context, handler, context, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// Opens a non-blocking TCP socket listening on a numeric IPv4 or IPv6 address.
/// Returns 0 and sets *out_fd and *out_port, or an errno value (EINVAL: not a numeric address).
static inline int marks_listen(const char *host, uint16_t port, int backlog, int *out_fd, uint16_t *out_port) {
    struct sockaddr_storage storage;
    socklen_t length;
    memset(&storage, 0, sizeof storage);
    struct sockaddr_in *v4 = (struct sockaddr_in *) &storage;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *) &storage;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        length = sizeof *v4;
    } else if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        length = sizeof *v6;
    } else {
        return EINVAL;
    }
    int fd = socket(storage.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return errno;
    int on = 1;
    (void) setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (storage.ss_family == AF_INET6) (void) setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    if (bind(fd, (struct sockaddr *) &storage, length) != 0 || listen(fd, backlog) != 0) {
        int error = errno;
        close(fd);
        return error;
    }
    struct sockaddr_storage bound;
    socklen_t bound_length = sizeof bound;
    if (getsockname(fd, (struct sockaddr *) &bound, &bound_length) != 0) {
        int error = errno;
        close(fd);
        return error;
    }
    *out_port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *) &bound)->sin6_port
                                                 : ((struct sockaddr_in *) &bound)->sin_port);
    *out_fd = fd;
    return 0;
}

/// Writes the client's numeric address into buffer (NUL-terminated). Returns 1 on success, 0 otherwise.
static inline int marks_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t capacity) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return 0;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET) {
        return inet_ntop(AF_INET, &((const struct sockaddr_in *) address)->sin_addr, buffer, (socklen_t) capacity) != NULL;
    }
    if (address->sa_family == AF_INET6) {
        return inet_ntop(AF_INET6, &((const struct sockaddr_in6 *) address)->sin6_addr, buffer, (socklen_t) capacity) != NULL;
    }
    return 0;
}

/// A client address reduced to a key: the IPv4 address (an IPv4-mapped IPv6 one counts as IPv4) in *low with
/// *high 0, or the IPv6 address's two halves. *loopback is 1 for 127.0.0.0/8 and ::1. Returns 0 for another family.
static inline int marks_address_key(const struct sockaddr *address, uint64_t *high, uint64_t *low, int *loopback) {
    if (address == NULL) return 0;
    if (address->sa_family == AF_INET) {
        uint32_t ip = ntohl(((const struct sockaddr_in *) address)->sin_addr.s_addr);
        *high = 0;
        *low = ip;
        *loopback = (ip >> 24) == 127;
        return 1;
    }
    if (address->sa_family == AF_INET6) {
        const uint8_t *bytes = ((const struct sockaddr_in6 *) address)->sin6_addr.s6_addr;
        static const uint8_t mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
        if (memcmp(bytes, mapped, 12) == 0) {
            uint32_t ip = ((uint32_t) bytes[12] << 24) | ((uint32_t) bytes[13] << 16) | ((uint32_t) bytes[14] << 8) | bytes[15];
            *high = 0;
            *low = ip;
            *loopback = (ip >> 24) == 127;
            return 1;
        }
        uint64_t h = 0, l = 0;
        for (int i = 0; i < 8; i++) h = (h << 8) | bytes[i];
        for (int i = 8; i < 16; i++) l = (l << 8) | bytes[i];
        *high = h;
        *low = l;
        *loopback = h == 0 && l == 1;
        return 1;
    }
    return 0;
}

/// The connection's socket and client address key (see marks_address_key). Returns 0 when MHD has neither.
static inline int marks_mhd_connection_identity(struct MHD_Connection *connection, int *fd, uint64_t *high, uint64_t *low,
                                                int *loopback) {
    const union MHD_ConnectionInfo *socket = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    const union MHD_ConnectionInfo *client = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (socket == NULL || client == NULL) return 0;
    *fd = socket->connect_fd;
    return marks_address_key(client->client_addr, high, low, loopback);
}

/// The socket context set in the connection-notify callback (NULL when none).
static inline void *marks_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

/// Raises the soft limit of open files to at least `wanted` (never above the hard limit); returns the soft limit now.
static inline unsigned long marks_raise_open_files(unsigned long wanted) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return 0;
    if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < wanted) {
        rlim_t target = wanted;
        if (limit.rlim_max != RLIM_INFINITY && target > limit.rlim_max) target = limit.rlim_max;
        limit.rlim_cur = target;
        (void) setrlimit(RLIMIT_NOFILE, &limit);
        (void) getrlimit(RLIMIT_NOFILE, &limit);
    }
    return limit.rlim_cur == RLIM_INFINITY ? (unsigned long) -1 : (unsigned long) limit.rlim_cur;
}
