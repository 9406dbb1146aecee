#define _GNU_SOURCE
#include "starboard_system.h"

#include <errno.h>
#include <stddef.h>
#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Reports `error` to the parent through the error pipe and ends the child. */
static void fail_in_child(int report, int error) {
    ssize_t ignored = write(report, &error, sizeof error);
    (void)ignored;
    _exit(127);
}

pid_t starboard_spawn(const char *path, char *const argv[], char *const envp[], const char *cwd,
                      const int fds[3], int flags) {
    /* Close-on-exec: it closes by itself when exec succeeds, so reading 0 bytes means success. */
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) return -errno;
    pid_t parent = getpid();
    /* Everything the child needs was prepared by the caller; vfork shares the parent's memory
     * until exec, so the child only makes system calls. It is also what makes starting a worker
     * cheap in a server with a large heap (fork would copy its page tables). */
    pid_t child = vfork();
    if (child == 0) {
        /* A session (and so a process group) of its own: whatever the child starts stays in the
         * session even when it leads a group of its own (as swift build starts each compiler) or
         * outlives its parent, so the caller can find all of it to stop it. */
        if ((flags & STARBOARD_SPAWN_OWN_SESSION) && setsid() < 0) fail_in_child(report[1], errno);
        if (flags & STARBOARD_SPAWN_DIE_WITH_PARENT) {
            if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) fail_in_child(report[1], errno);
            if (getppid() != parent) _exit(127);
        }
        /* Sources are moved above 2 first, so that one that is itself 0, 1 or 2 is not
         * overwritten by an earlier dup2. */
        int moved[3];
        for (int i = 0; i < 3; i++) {
            moved[i] = -1;
            if (fds[i] < 0) continue;
            moved[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
            if (moved[i] < 0) fail_in_child(report[1], errno);
        }
        for (int i = 0; i < 3; i++) {
            if (moved[i] >= 0 && dup2(moved[i], i) < 0) fail_in_child(report[1], errno);
        }
        /* Nothing else of the parent's (its sockets, other children's pipes) leaks into the child;
         * the report pipe closes itself on exec. */
        int keep = report[1];
        if (keep > 3) close_range(3, (unsigned)keep - 1, 0);
        close_range((unsigned)keep + 1, ~0U, 0);
        if (cwd && chdir(cwd) != 0) fail_in_child(report[1], errno);
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        fail_in_child(report[1], errno);
    }
    int saved = errno;
    close(report[1]);
    if (child < 0) {
        close(report[0]);
        return -saved;
    }
    int error = 0;
    ssize_t got;
    do {
        got = read(report[0], &error, sizeof error);
    } while (got < 0 && errno == EINTR);
    close(report[0]);
    if (got == (ssize_t)sizeof error) {
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
        return -error;
    }
    return child;
}

int starboard_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

int starboard_release_free_memory(void) {
    return malloc_trim(0);
}

long long starboard_tcp_bytes_received(int fd) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return -1;
    /* A kernel older than 4.1 fills a shorter struct without the field. */
    if (length < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return -1;
    return (long long)info.tcpi_bytes_received;
}

int starboard_block_sigpipe(sigset_t *previous) {
    sigset_t pipe;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    return pthread_sigmask(SIG_BLOCK, &pipe, previous);
}

void starboard_restore_sigpipe(const sigset_t *previous, int consume_pending) {
    if (consume_pending) {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        struct timespec now = {0, 0};
        while (sigtimedwait(&pipe, NULL, &now) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, previous, NULL);
}
