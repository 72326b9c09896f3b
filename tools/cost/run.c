/*
 * run.c - harden-cost's children.
 *
 * Every build and every run of CMD is a child in its own process group, so
 * that a server started in the background by a benchmark script, and all
 * of make's compilers, can be stopped together: after the command exits
 * (leftovers), on a timeout, and on a terminating signal (term_sigs[]).
 *
 * A child's output goes to a log through a pipe that harden-cost reads
 * while it waits: the log keeps the first and the last LOG_KEEP bytes of
 * each command's output, and a line saying how many were cut between (a
 * verbose build or a chatty benchmark once made a log of 1.1 GB).
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* prctl() */
#else
#define _XOPEN_SOURCE	700
#endif
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "cost.h"

/* Seconds a process group gets between SIGTERM and SIGKILL: callgrind
 * writes its counts when the server it runs is terminated. */
#define GRACE_SECONDS	10.0

/* Bytes of a command's output a log keeps at its head, and at its tail. */
#define LOG_KEEP	(64 * 1024)

/* The log of one command: the head written as it comes, the tail in a
 * ring until the end. */
struct caplog {
	int	in;			/* the read end of the pipe; -1: at its end */
	int	out;			/* the log */
	size_t	head;			/* bytes written at the head */
	char	*ring;			/* LOG_KEEP bytes */
	size_t	ring_len, ring_pos;	/* bytes in it; where the next goes */
	unsigned long long cut;		/* bytes dropped between head and tail */
};

volatile sig_atomic_t cost_signalled;
static volatile sig_atomic_t alarm_fired;

static void
on_signal(int sig)
{
	cost_signalled = sig;
}

static void
on_alarm(int sig)
{
	(void)sig;
	alarm_fired = 1;
}

static void
on_child(int sig)
{
	(void)sig;	/* only wakes sigsuspend() */
}

double
now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = sig == SIGCHLD ? SA_NOCLDSTOP : 0;	/* no SA_RESTART */
	sigaction(sig, &sa, NULL);
}

/*
 * The signals that stop harden-cost: every build and run is ended, the
 * work directory cleaned up, and the exit status is 128+signal.  SIGPIPE
 * is one of them: a reader of the report or of the progress line that went
 * away (harden-cost ... | head -2) makes a write raise it, here as with
 * any other, instead of killing the program before its clean-up.
 */
static const int term_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };

#define NTERM_SIGS	(sizeof term_sigs / sizeof term_sigs[0])

void
proc_init(void)
{
	for (size_t i = 0; i < NTERM_SIGS; i++)
		set_handler(term_sigs[i], on_signal);
	set_handler(SIGALRM, on_alarm);
	set_handler(SIGCHLD, on_child);
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	/* Orphans of a command (a server whose script exited) become our
	 * children, so we can reap them instead of waiting for init. */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

static void
sleep_seconds(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

static void
write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0 && ((w = write(fd, p, n)) > 0 || (w < 0 && errno == EINTR)))
		if (w > 0) {
			p += w;
			n -= (size_t)w;
		}
}

/* Takes n bytes of output: the head until it is full, then the ring. */
static void
caplog_put(struct caplog *l, const char *p, size_t n)
{
	size_t k = LOG_KEEP - l->head < n ? LOG_KEEP - l->head : n;

	write_all(l->out, p, k);
	l->head += k;
	for (p += k, n -= k; n > 0; p += k, n -= k) {
		k = LOG_KEEP - l->ring_pos < n ? LOG_KEEP - l->ring_pos : n;
		memcpy(l->ring + l->ring_pos, p, k);
		l->ring_pos = (l->ring_pos + k) % LOG_KEEP;
		if (l->ring_len + k > LOG_KEEP)
			l->cut += l->ring_len + k - LOG_KEEP;
		l->ring_len = l->ring_len + k > LOG_KEEP ? LOG_KEEP : l->ring_len + k;
	}
}

/* Reads what the pipe has (without waiting: it is non-blocking). */
static void
caplog_read(struct caplog *l)
{
	char buf[16384];
	ssize_t n;

	while (l->in >= 0) {
		n = read(l->in, buf, sizeof buf);
		if (n > 0)
			caplog_put(l, buf, (size_t)n);
		else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
			close(l->in);
			l->in = -1;
		} else if (errno == EAGAIN)
			return;
	}
}

/* The last of the output, the tail with the line about the cut, and
 * the log closed. */
static void
caplog_close(struct caplog *l)
{
	char line[160];
	size_t start, first;

	caplog_read(l);
	if (l->in >= 0)
		close(l->in);	/* held open by a process that left the group */
	if (l->cut > 0) {
		fmt(line, sizeof line, "\n[harden-cost: %llu bytes of output cut here; the "
		    "first and last %d KiB are kept]\n", l->cut, LOG_KEEP / 1024);
		write_all(l->out, line, strlen(line));
	}
	start = (l->ring_pos + LOG_KEEP - l->ring_len) % LOG_KEEP;
	first = LOG_KEEP - start < l->ring_len ? LOG_KEEP - start : l->ring_len;
	write_all(l->out, l->ring + start, first);
	write_all(l->out, l->ring, l->ring_len - first);
	close(l->out);
	free(l->ring);
}

/*
 * Ends process group pgid: SIGTERM, up to GRACE_SECONDS for it to empty
 * (reaping what are our children), then SIGKILL.  If the group leader
 * (pid, still unreaped when *reaped is 0) is reaped here, its status is
 * stored.  Their output keeps going to log (NULL: none) meanwhile.
 */
static void
end_group(pid_t pgid, pid_t pid, int *reaped, int *status, struct caplog *log)
{
	double deadline = now_seconds() + GRACE_SECONDS;
	int killed = 0, st;
	pid_t w;

	if (kill(-pgid, SIGTERM) != 0 && errno == ESRCH)
		return;
	for (;;) {
		while ((w = waitpid(-pgid, &st, WNOHANG)) > 0)
			if (w == pid && !*reaped) {
				*reaped = 1;
				*status = st;
			}
		if (kill(-pgid, 0) != 0 && errno == ESRCH)
			return;
		if (log != NULL)
			caplog_read(log);	/* a full pipe would hold them */
		if (now_seconds() > deadline) {
			if (killed)
				return;		/* zombies that are not ours */
			kill(-pgid, SIGKILL);
			killed = 1;
			deadline = now_seconds() + GRACE_SECONDS;
		}
		sleep_seconds(0.02);
	}
}

static double
rusage_seconds(const struct rusage *u)
{
	return (double)u->ru_utime.tv_sec + (double)u->ru_utime.tv_usec / 1e6 +
	    (double)u->ru_stime.tv_sec + (double)u->ru_stime.tv_usec / 1e6;
}

/* The signals that end a wait for a child: term_sigs[], SIGALRM, SIGCHLD. */
static void
wait_signals(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < NTERM_SIGS; i++)
		sigaddset(set, term_sigs[i]);
	sigaddset(set, SIGALRM);
	sigaddset(set, SIGCHLD);
}

/* In the child: a process group of its own, default signals, standard
 * input from /dev/null and both outputs to the pipe out (NULL: ours), env
 * added, cwd; then argv. */
static void __attribute__((noreturn))
exec_child(char *const argv[], const char *cwd, char *const env[],
    const int *out, const sigset_t *old)
{
	int fd;

	setpgid(0, 0);
	for (size_t i = 0; i < NTERM_SIGS; i++)
		signal(term_sigs[i], SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	sigprocmask(SIG_SETMASK, old, NULL);
	if ((fd = open("/dev/null", O_RDONLY)) >= 0) {
		dup2(fd, 0);
		close(fd);
	}
	if (out != NULL) {
		dup2(out[1], 1);
		dup2(out[1], 2);
		close(out[0]);
		close(out[1]);
	}
	for (; env != NULL && *env != NULL; env++) {
		char *eq = strchr(*env, '=');
		if (eq != NULL) {
			*eq = '\0';
			setenv(*env, eq + 1, 1);
			*eq = '=';
		}
	}
	if (cwd != NULL && chdir(cwd) != 0) {
		fprintf(stderr, "harden-cost: cannot enter %s: %s\n", cwd, strerror(errno));
		_exit(127);
	}
	execvp(argv[0], argv);
	fprintf(stderr, "harden-cost: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* Waits until pid exits (*reaped set, *status stored), a signal comes or
 * the alarm fires, taking its output into log (NULL: none); r gets the
 * seconds since start. */
static void
wait_child(pid_t pid, const sigset_t *old, double start, int *status,
    int *reaped, struct proc_result *r, struct caplog *log)
{
	fd_set in;

	sigset_t waitmask = *old;

	for (size_t i = 0; i < NTERM_SIGS; i++)
		sigdelset(&waitmask, term_sigs[i]);
	sigdelset(&waitmask, SIGALRM);
	sigdelset(&waitmask, SIGCHLD);
	for (;;) {
		pid_t w = waitpid(pid, status, WNOHANG);
		if (w == pid) {
			*reaped = 1;
			r->seconds = now_seconds() - start;
			return;
		}
		if (w < 0 && errno != EINTR)
			return;
		if (cost_signalled || alarm_fired) {
			r->seconds = now_seconds() - start;
			r->timed_out = alarm_fired && !cost_signalled;
			return;
		}
		if (log == NULL || log->in < 0) {
			sigsuspend(&waitmask);
			continue;
		}
		/* the output, or a signal (SIGCHLD when it exits) */
		FD_ZERO(&in);
		FD_SET(log->in, &in);
		if (pselect(log->in + 1, &in, NULL, NULL, NULL, &waitmask) > 0)
			caplog_read(log);
	}
}

/* exit code, 128+signal, 127 when neither; 124 for a timeout that exited 0 */
static int
exit_status(int status, int timed_out)
{
	int st = WIFEXITED(status) ? WEXITSTATUS(status) :
	    WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 127;

	return timed_out && st == 0 ? 124 : st;
}

/*
 * Runs argv in directory cwd (NULL: ours) with env ("NAME=value" strings,
 * NULL-terminated, may be NULL) added, standard input from /dev/null and
 * both outputs to log (appended or truncated; its head and tail, see
 * struct caplog), or to ours when log is NULL.  Returns 0 with *r filled,
 * or -1 when interrupted by a signal (the group is ended first).
 */
int
proc_run(char *const argv[], const char *cwd, char *const env[],
    const char *log, int append, double timeout, struct proc_result *r)
{
	sigset_t block, old;
	struct rusage before, after;
	struct caplog cl, *l = NULL;
	double start;
	pid_t pid;
	int status = 0, reaped = 0, out[2];

	memset(r, 0, sizeof *r);
	if (log != NULL) {
		memset(&cl, 0, sizeof cl);
		cl.out = open(log, O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC), 0644);
		if (cl.out < 0 || pipe(out) != 0) {
			if (cl.out >= 0)
				close(cl.out);
			r->status = 127;
			return 0;
		}
		fcntl(out[0], F_SETFD, FD_CLOEXEC);
		fcntl(out[0], F_SETFL, O_NONBLOCK);
		fcntl(cl.out, F_SETFD, FD_CLOEXEC);
		cl.in = out[0];
		cl.ring = xmalloc(LOG_KEEP);
		l = &cl;
	}
	wait_signals(&block);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (cost_signalled) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (l != NULL) {
			close(out[1]);
			caplog_close(l);
		}
		return -1;
	}
	alarm_fired = 0;
	fflush(NULL);
	getrusage(RUSAGE_CHILDREN, &before);
	start = now_seconds();
	if ((pid = fork()) < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		if (l != NULL) {
			close(out[1]);
			caplog_close(l);
		}
		r->status = 127;
		return 0;
	}
	if (pid == 0)
		exec_child(argv, cwd, env, l != NULL ? out : NULL, &old);
	setpgid(pid, pid);	/* also here: no race with kill(-pid) */
	if (l != NULL)
		close(out[1]);
	if (timeout > 0)
		alarm((unsigned)ceil(timeout));
	wait_child(pid, &old, start, &status, &reaped, r, l);
	alarm(0);
	/* Leftovers (a background server), or everything on a signal. */
	end_group(pid, pid, &reaped, &status, l);
	if (!reaped)
		waitpid(pid, &status, 0);
	if (l != NULL)
		caplog_close(l);
	/* the command and every descendant reaped (we are their subreaper) */
	getrusage(RUSAGE_CHILDREN, &after);
	r->cpu_seconds = rusage_seconds(&after) - rusage_seconds(&before);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (cost_signalled)
		return -1;
	r->status = exit_status(status, r->timed_out);
	return 0;
}

/*
 * Runs argv with standard input from /dev/null and calls fn on every line
 * of its standard output (its messages go to ours).  Returns its exit
 * status, or -1 when it could not be started.
 */
int
proc_lines(char *const argv[], void (*fn)(char *line, void *arg), void *arg)
{
	char line[4096];
	int fd[2], status;
	pid_t pid;
	FILE *f;

	fflush(NULL);
	if (pipe(fd) != 0)
		return -1;
	if ((pid = fork()) < 0) {
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		dup2(fd[1], 1);
		close(fd[1]);
		if ((fd[1] = open("/dev/null", O_RDONLY)) >= 0)
			dup2(fd[1], 0);
		execvp(argv[0], argv);
		fprintf(stderr, "harden-cost: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	if ((f = fdopen(fd[0], "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL)
			fn(line, arg);
		fclose(f);
	} else
		close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return exit_status(status, 0);
}
