/*
 * cost-proc.c - harden-cost's children and counters.
 *
 * Every build and every run of CMD is a child in its own process group, so
 * that a server started in the background by a benchmark script, and all
 * of make's compilers, can be stopped together: after the command exits
 * (leftovers), on a timeout, and on SIGINT/SIGTERM.  Instructions are
 * counted with perf_event_open (Linux, when the kernel allows it) by this
 * program acting as the HARDEN_COST_WRAP prefix, or by callgrind.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* syscall(), prctl() */
#else
#define _XOPEN_SOURCE	700
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include "cost.h"

/* Seconds a process group gets between SIGTERM and SIGKILL: callgrind
 * writes its counts when the server it runs is terminated. */
#define GRACE_SECONDS	10.0

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
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
set_handler(int sig, void (*fn)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = fn;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = sig == SIGCHLD ? SA_NOCLDSTOP : 0;	/* no SA_RESTART */
	sigaction(sig, &sa, NULL);
}

void
proc_init(void)
{
	set_handler(SIGINT, on_signal);
	set_handler(SIGTERM, on_signal);
	set_handler(SIGHUP, on_signal);
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

/*
 * Ends process group pgid: SIGTERM, up to GRACE_SECONDS for it to empty
 * (reaping what are our children), then SIGKILL.  If the group leader
 * (pid, still unreaped when *reaped is 0) is reaped here, its status is
 * stored.
 */
static void
end_group(pid_t pgid, pid_t pid, int *reaped, int *status)
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
	return (double)u->ru_utime.tv_sec + u->ru_utime.tv_usec / 1e6 +
	    (double)u->ru_stime.tv_sec + u->ru_stime.tv_usec / 1e6;
}

/*
 * Runs argv in directory cwd (NULL: ours) with env ("NAME=value" strings,
 * NULL-terminated, may be NULL) added, standard input from /dev/null and
 * both outputs to log (appended or truncated).  Returns 0 with *r filled,
 * or -1 when interrupted by a signal (the group is ended first).
 */
int
proc_run(char *const argv[], const char *cwd, char *const env[],
    const char *log, int append, double timeout, struct proc_result *r)
{
	sigset_t block, old, waitmask;
	struct rusage before, after;
	double start;
	pid_t pid;
	int status = 0, reaped = 0, fd;

	memset(r, 0, sizeof *r);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGALRM);
	sigaddset(&block, SIGCHLD);
	sigprocmask(SIG_BLOCK, &block, &old);
	if (cost_signalled) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return -1;
	}
	alarm_fired = 0;
	fflush(NULL);
	getrusage(RUSAGE_CHILDREN, &before);
	start = now_seconds();
	pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		r->status = 127;
		return 0;
	}
	if (pid == 0) {
		setpgid(0, 0);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		signal(SIGCHLD, SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		if ((fd = open("/dev/null", O_RDONLY)) >= 0) {
			dup2(fd, 0);
			close(fd);
		}
		if (log != NULL) {
			fd = open(log, O_WRONLY | O_CREAT |
			    (append ? O_APPEND : O_TRUNC), 0644);
			if (fd < 0)
				_exit(127);
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
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
			fprintf(stderr, "harden-cost: cannot enter %s: %s\n",
			    cwd, strerror(errno));
			_exit(127);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "harden-cost: cannot run %s: %s\n", argv[0],
		    strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);	/* also here: no race with kill(-pid) */
	if (timeout > 0)
		alarm((unsigned)ceil(timeout));
	waitmask = old;
	sigdelset(&waitmask, SIGINT);
	sigdelset(&waitmask, SIGTERM);
	sigdelset(&waitmask, SIGHUP);
	sigdelset(&waitmask, SIGALRM);
	sigdelset(&waitmask, SIGCHLD);
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		if (w == pid) {
			reaped = 1;
			r->seconds = now_seconds() - start;
			break;
		}
		if (w < 0 && errno != EINTR)
			break;
		if (cost_signalled || alarm_fired) {
			r->seconds = now_seconds() - start;
			r->timed_out = alarm_fired && !cost_signalled;
			break;
		}
		sigsuspend(&waitmask);
	}
	alarm(0);
	/* Leftovers (a background server), or everything on a signal. */
	end_group(pid, pid, &reaped, &status);
	if (!reaped)
		waitpid(pid, &status, 0);
	/* the command and every descendant reaped (we are their subreaper) */
	getrusage(RUSAGE_CHILDREN, &after);
	r->cpu_seconds = rusage_seconds(&after) - rusage_seconds(&before);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (cost_signalled)
		return -1;
	if (WIFEXITED(status))
		r->status = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		r->status = 128 + WTERMSIG(status);
	else
		r->status = 127;
	if (r->timed_out && r->status == 0)
		r->status = 124;
	return 0;
}

/* snprintf that truncates silently: the paths and messages here fit or
 * are cut, and compilers need not warn about each one. */
int
fmt(char *buf, size_t len, const char *format, ...)
{
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(buf, len, format, ap);
	va_end(ap);
	return n;
}

int
file_exists(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0;
}

char *
find_in_path(const char *prog, char *buf, size_t len)
{
	const char *path = getenv("PATH"), *p, *end;

	if (strchr(prog, '/') != NULL) {
		snprintf(buf, len, "%s", prog);
		return access(buf, X_OK) == 0 ? buf : NULL;
	}
	for (p = path ? path : "/usr/bin:/bin"; *p != '\0'; p = end + (*end != '\0')) {
		end = strchr(p, ':');
		if (end == NULL)
			end = p + strlen(p);
		if ((size_t)snprintf(buf, len, "%.*s/%s", (int)(end - p), p,
		    prog) < len && access(buf, X_OK) == 0)
			return buf;
		if (*end == '\0')
			break;
	}
	return NULL;
}

static int
remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) != 0 && errno != ENOENT;
}

int
remove_tree(const char *path)
{
	if (!file_exists(path))
		return 0;
	return nftw(path, remove_entry, 32, FTW_DEPTH | FTW_PHYS) == 0 ? 0 : -1;
}

int
make_dirs(const char *path)
{
	char buf[PATH_MAX], *p;

	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
		return -1;
	for (p = buf + 1; *p != '\0'; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(buf, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(buf, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

#if defined(__linux__)
static long
open_instruction_counter(pid_t pid, int on_exec)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof attr);
	attr.size = sizeof attr;
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	attr.exclude_kernel = 1;
	attr.exclude_hv = 1;
	attr.inherit = 1;		/* the command's children count too */
	attr.disabled = on_exec;
	attr.enable_on_exec = on_exec;
	return syscall(SYS_perf_event_open, &attr, pid, -1, -1,
	    PERF_FLAG_FD_CLOEXEC);
}
#endif

/*
 * The instruction counter: perf when the kernel allows it (unless
 * HARDEN_COST_NO_PERF is set), else callgrind when valgrind is installed.
 * wanted is auto, perf, callgrind or none.  reason says why perf was not
 * taken, or why nothing is.
 */
enum counter
counter_detect(const char *wanted, char *reason, size_t len)
{
	const char *no_perf = getenv("HARDEN_COST_NO_PERF");
	char buf[PATH_MAX];
	int want_perf = !strcmp(wanted, "auto") || !strcmp(wanted, "perf");

	snprintf(reason, len, "%s", "");
	if (!strcmp(wanted, "none")) {
		snprintf(reason, len, "--instructions none");
		return COUNT_NONE;
	}
	if (!want_perf)
		snprintf(reason, len, "--instructions callgrind");
	else if (no_perf != NULL && *no_perf != '\0' && strcmp(no_perf, "0"))
		snprintf(reason, len, "perf_event_open disabled by HARDEN_COST_NO_PERF");
	else {
#if defined(__linux__)
		long fd = open_instruction_counter(0, 0);
		if (fd >= 0) {
			close((int)fd);
			return COUNT_PERF;
		}
		snprintf(reason, len, "perf_event_open: %s", strerror(errno));
#else
		snprintf(reason, len, "perf_event_open: not Linux");
#endif
	}
	if (!strcmp(wanted, "perf"))
		return COUNT_NONE;
	if (find_in_path("valgrind", buf, sizeof buf) != NULL)
		return COUNT_CALLGRIND;
	snprintf(reason + strlen(reason), len - strlen(reason), "%s",
	    *reason ? "; valgrind not found" : "valgrind not found");
	return COUNT_NONE;
}

/*
 * harden-cost --count-instructions FILE -- CMD [ARG...]: what
 * HARDEN_COST_WRAP is with perf.  Runs CMD with a counter of its user-space
 * instructions (and its children's) enabled at exec, and appends the count
 * to FILE.  Exits as CMD did.
 */
int
count_instructions_main(int argc, char **argv)
{
#if defined(__linux__)
	int go[2], status = 0, fd;
	long counter;
	long long count = 0;
	char line[64];
	pid_t pid;

	if (argc < 4 || strcmp(argv[3], "--") || argc < 5) {
		fprintf(stderr, "usage: harden-cost --count-instructions FILE -- CMD [ARG...]\n");
		return EXIT_USAGE;
	}
	/* Caught, not ignored: the group's SIGTERM must reach CMD (exec
	 * resets caught handlers) while we stay to write the count. */
	set_handler(SIGINT, on_child);
	set_handler(SIGTERM, on_child);
	set_handler(SIGHUP, on_child);
	if (pipe(go) != 0)
		return 127;
	if ((pid = fork()) < 0)
		return 127;
	if (pid == 0) {
		char c;
		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);
		close(go[0]);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		execvp(argv[4], argv + 4);
		fprintf(stderr, "harden-cost: cannot run %s: %s\n", argv[4],
		    strerror(errno));
		_exit(127);
	}
	close(go[0]);
	counter = open_instruction_counter(pid, 1);
	if (write(go[1], "x", 1) != 1)
		return 127;
	close(go[1]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (counter >= 0 && read((int)counter, &count, sizeof count) ==
	    (ssize_t)sizeof count && (fd = open(argv[2],
	    O_WRONLY | O_CREAT | O_APPEND, 0644)) >= 0) {
		int n = snprintf(line, sizeof line, "%lld\n", count);
		if (write(fd, line, (size_t)n) != n)
			status = 127 << 8;
		close(fd);
	}
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
#else
	(void)argc;
	(void)argv;
	fprintf(stderr, "harden-cost: perf_event_open needs Linux\n");
	return 127;
#endif
}

/* Sums the counts the perf wrapper appended to file.  -1: none. */
int
read_perf_counts(const char *file, double *total)
{
	FILE *f = fopen(file, "r");
	double v;
	int n = 0;

	*total = 0;
	if (f == NULL)
		return -1;
	while (fscanf(f, "%lf", &v) == 1) {
		*total += v;
		n++;
	}
	fclose(f);
	return n > 0 ? 0 : -1;
}

/* Sums the first event (Ir) of the totals: (or summary:) line of every
 * callgrind.* file in dir, one per process that ran under the wrap. */
int
read_callgrind_totals(const char *dir, double *total)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[PATH_MAX], line[512];
	int files = 0;

	*total = 0;
	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		FILE *f;
		double totals = NAN, summary = NAN;

		if (strncmp(e->d_name, "callgrind.", 10))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		while (fgets(line, sizeof line, f) != NULL) {
			if (!strncmp(line, "totals:", 7))
				totals = strtod(line + 7, NULL);
			else if (!strncmp(line, "summary:", 8))
				summary = strtod(line + 8, NULL);
		}
		fclose(f);
		if (!isnan(totals) || !isnan(summary)) {
			*total += isnan(totals) ? summary : totals;
			files++;
		}
	}
	closedir(d);
	return files > 0 ? 0 : -1;
}
