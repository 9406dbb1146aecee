#ifndef STARBOARD_SYSTEM_H
#define STARBOARD_SYSTEM_H

#include <signal.h>
#include <sys/epoll.h>
#include <sys/types.h>

/* The few system facilities Swift cannot reach safely or at all: starting a child process
 * (between fork and exec only async-signal-safe calls may run, which Swift cannot promise),
 * and glibc functions Swift's Glibc module does not export (epoll comes with the header). */

/// Starts `path` with `argv` and `envp` (NULL-terminated). `fds[i]` (i = 0, 1, 2) becomes the
/// child's descriptor i, or -1 to inherit the parent's; every other descriptor is closed in the
/// child. `cwd` (or NULL) is the child's working folder. `flags`: with
/// STARBOARD_SPAWN_DIE_WITH_PARENT the child gets SIGTERM when the calling thread ends
/// (PR_SET_PDEATHSIG); with STARBOARD_SPAWN_OWN_SESSION it leads a session of its own (setsid).
/// Returns the child's pid, or -errno when the child could not be created or could not run
/// `path` (the errno of the failed step).
pid_t starboard_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
                      const int fds[3], int flags);

#define STARBOARD_SPAWN_DIE_WITH_PARENT 1
#define STARBOARD_SPAWN_OWN_SESSION 2

/// pipe2(fds, O_CLOEXEC): 0, or -1 with errno set.
int starboard_pipe_cloexec(int fds[2]);

/// Returns the free memory of every malloc arena to the system (malloc_trim(0)); 1 when some
/// memory was released.
int starboard_release_free_memory(void);

/// Bytes the kernel received on TCP socket `fd` since it was opened (TCP_INFO's
/// tcpi_bytes_received), or -1 when it cannot say.
long long starboard_tcp_bytes_received(int fd);

/// Blocks SIGPIPE on the calling thread; `previous` receives the mask to restore. 0 or an errno.
int starboard_block_sigpipe(sigset_t *previous);

/// Takes a SIGPIPE pending on this thread (raised by a write to a closed pipe while blocked)
/// without waiting, then restores `previous`.
void starboard_restore_sigpipe(const sigset_t *previous, int consume_pending);

#endif
