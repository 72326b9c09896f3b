/*
 * counter.c - harden-cost's instruction counters.
 *
 * Instructions are counted with perf_event_open (Linux, when the kernel
 * allows it) by this program acting as the HARDEN_COST_WRAP prefix
 * (harden-cost --count-instructions FILE -- CMD), or by callgrind, whose
 * output files are summed.
 */
#if defined(__linux__)
#define _GNU_SOURCE	/* syscall() */
#else
#define _XOPEN_SOURCE	700
#endif
#include <sys/types.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#endif

#include "cost.h"

#if defined(__linux__)
static void
on_signal(int sig)
{
	(void)sig;	/* caught, so that exec resets it */
}

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
	attr.disabled = on_exec != 0;
	attr.enable_on_exec = on_exec != 0;
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

#if defined(__linux__)
/* The wrapped command: waits for the parent's word (its counter is open),
 * then runs CMD with the default signals. */
static void __attribute__((noreturn))
exec_when_told(int go[2], char **cmd)
{
	char c;

	close(go[1]);
	if (read(go[0], &c, 1) != 1)
		_exit(127);
	close(go[0]);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	execvp(cmd[0], cmd);
	fprintf(stderr, "harden-cost: cannot run %s: %s\n", cmd[0], strerror(errno));
	_exit(127);
}

/* Appends the count of counter to file.  -1 when it could not be written. */
static int
append_count(long counter, const char *file)
{
	long long count = 0;
	char line[64];
	int fd, n, rc = 0;

	if (counter < 0 || read((int)counter, &count, sizeof count) != (ssize_t)sizeof count ||
	    (fd = open(file, O_WRONLY | O_CREAT | O_APPEND, 0644)) < 0)
		return 0;	/* nothing counted: no line */
	n = snprintf(line, sizeof line, "%lld\n", count);
	if (write(fd, line, (size_t)n) != n)
		rc = -1;
	close(fd);
	return rc;
}
#endif

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
	int go[2], status = 0;
	long counter;
	pid_t pid;

	if (argc < 5 || strcmp(argv[3], "--")) {
		fprintf(stderr, "usage: harden-cost --count-instructions FILE -- CMD [ARG...]\n");
		return EXIT_USAGE;
	}
	/* Caught, not ignored: the group's SIGTERM must reach CMD (exec
	 * resets caught handlers) while we stay to write the count. */
	set_handler(SIGINT, on_signal);
	set_handler(SIGTERM, on_signal);
	set_handler(SIGHUP, on_signal);
	if (pipe(go) != 0 || (pid = fork()) < 0)
		return 127;
	if (pid == 0)
		exec_when_told(go, argv + 4);
	close(go[0]);
	counter = open_instruction_counter(pid, 1);
	if (write(go[1], "x", 1) != 1)
		return 127;
	close(go[1]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (append_count(counter, argv[2]) != 0)
		status = 127 << 8;
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
