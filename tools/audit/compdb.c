/*
 * compdb.c - the build's own compile commands against harden's report:
 * every compile command of a compile_commands.json in the report's
 * language (C, or C++ for a report of --lang=c++) must carry the report's
 * compiler and preprocessor flags, none undone later on its line (the
 * idea of Debian's blhc, for any compiler and any build system).
 */
#include <err.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"
#include "compdb.h"
#include "../lib/report.h"

#define MAXREQ	64		/* flags of the report checked */

/* The report's flags for every object, by the feature they serve. */
struct required {
	char	*flag[MAXREQ];
	int	feature[MAXREQ];	/* catalog index, -1 if unknown */
	size_t	n;
	int	cxx;			/* a C++ report (traits lang=c++) */
};

/* What the check of one database needs. */
struct scope {
	const struct required	*rq;
	const char *const	*dirs;	/* object directories, NULL-ended;
					   NULL: every command */
	const char *const	*skip;	/* directories left out, or NULL */
	unsigned		checked, bad;
};

/* A growing list of words (one command line). */
struct words {
	char	**w;
	size_t	n, cap;
};

static void
words_add(struct words *ws, const char *s, size_t len)
{
	char *copy;

	if (ws->n == ws->cap) {
		ws->cap = ws->cap ? 2 * ws->cap : 32;
		if ((ws->w = realloc(ws->w, ws->cap * sizeof(*ws->w))) == NULL)
			err(2, NULL);
	}
	if ((copy = malloc(len + 1)) == NULL)
		err(2, NULL);
	memcpy(copy, s, len);
	copy[len] = '\0';
	ws->w[ws->n++] = copy;
}

static void
words_clear(struct words *ws)
{
	size_t i;

	for (i = 0; i < ws->n; i++)
		free(ws->w[i]);
	ws->n = 0;
}

/* ---- the report ------------------------------------------------------ */

/*
 * "flags NAME cpp:F cc:G ..." of the features that are on: cpp, cc, cc+ld.
 * What is no report (an empty file, the saved --summary or --export=make
 * of harden-flags) has no flags to require, and would pass every command.
 */
static int
read_report(const char *path, struct required *rq)
{
	struct driver_report *r;
	char *w, *save;
	int i, k, rc;

	if ((r = malloc(sizeof *r)) == NULL)
		err(2, NULL);
	if ((rc = driver_report_read(path, r)) == -1)
		warn("%s", path);
	else if (rc == -2)
		warnx("%s: not a harden report (no %s; harden-flags --report writes "
		    "one)", path, !r->version ? "version= line" : "feature rows");
	rq->cxx = r->cxx;
	for (i = 0; rc == 0 && i < r->nrows; i++) {
		if (strcmp(r->rows[i].state, "on") || (k = cat_find(r->rows[i].name)) < 0)
			continue;
		for (w = strtok_r(r->rows[i].flags, " ", &save); w != NULL && rq->n < MAXREQ;
		    w = strtok_r(NULL, " ", &save))
			if (!strncmp(w, "cpp:", 4) || !strncmp(w, "cc:", 3) || !strncmp(w, "cc+ld:", 6)) {
				if ((rq->flag[rq->n] = strdup(strchr(w, ':') + 1)) == NULL)
					err(2, NULL);
				rq->feature[rq->n++] = k;
			}
	}
	free(r);
	return rc == 0 ? 0 : -1;
}

/* ---- compile_commands.json ------------------------------------------- */

struct jcur {
	const char	*p, *end;
	int		bad;
};

static void
jws(struct jcur *j)
{
	while (j->p < j->end && strchr(" \t\r\n", *j->p) != NULL)
		j->p++;
}

static int
jpeek(struct jcur *j, char c)
{
	jws(j);
	if (j->p < j->end && *j->p == c) {
		j->p++;
		return 1;
	}
	return 0;
}

/* A JSON string into out (escapes decoded; \u00XX only as one byte). */
static void
jstring(struct jcur *j, struct words *out)
{
	char *buf, c;
	size_t n = 0;
	unsigned v;

	jws(j);
	if (j->p >= j->end || *j->p++ != '"' ||
	    (buf = malloc((size_t)(j->end - j->p) + 1)) == NULL) {
		j->bad = 1;
		return;
	}
	while (j->p < j->end && (c = *j->p++) != '"') {
		if (c == '\\' && j->p < j->end) {
			c = *j->p++;
			if (c == 'n') c = '\n';
			else if (c == 't') c = '\t';
			else if (c == 'r') c = '\r';
			else if (c == 'b') c = '\b';
			else if (c == 'f') c = '\f';
			else if (c == 'u' && j->end - j->p >= 4 &&
			    sscanf(j->p, "%4x", &v) == 1) {
				c = (char)(v < 0x100 ? v : '?');
				j->p += 4;
			}
		}
		buf[n++] = c;
	}
	if (j->p > j->end || j->p[-1] != '"')
		j->bad = 1;
	else
		words_add(out, buf, n);
	free(buf);
}

/* Skip one JSON value (no nesting limit beyond the input's size). */
static void
jskip(struct jcur *j)
{
	struct words tmp = { NULL, 0, 0 };
	int depth = 0;

	do {
		jws(j);
		if (j->p >= j->end) {
			j->bad = 1;
			break;
		}
		if (*j->p == '"') {
			jstring(j, &tmp);
			words_clear(&tmp);
		} else if (*j->p == '[' || *j->p == '{') {
			depth++;
			j->p++;
		} else if (*j->p == ']' || *j->p == '}') {
			depth--;
			j->p++;
		} else
			j->p++;	/* , : and the letters of literals */
	} while (!j->bad && depth > 0);
	free(tmp.w);
}

/* ---- one entry ------------------------------------------------------- */

/* Split a shell command line as the shell would (quotes, backslashes). */
static void
shell_split(const char *s, struct words *out)
{
	char *buf = malloc(strlen(s) + 1);
	size_t n;
	char q;

	if (buf == NULL)
		err(2, NULL);
	while (*s != '\0') {
		while (*s == ' ' || *s == '\t' || *s == '\n')
			s++;
		if (*s == '\0')
			break;
		for (n = 0, q = 0; *s != '\0' && (q || !strchr(" \t\n", *s)); s++) {
			if (q == 0 && (*s == '\'' || *s == '"'))
				q = *s;
			else if (q != 0 && *s == q)
				q = 0;
			else if (*s == '\\' && q != '\'' && s[1] != '\0')
				buf[n++] = *++s;
			else
				buf[n++] = *s;
		}
		words_add(out, buf, n);
	}
	free(buf);
}

/* The sense (1 on, -1 off, 0 none) of feature k last on the line. */
static int
last_sense(const struct words *ws, int k)
{
	char joined[512];
	const char *w;
	size_t i, m;
	int sense = 0;

	for (i = 0; i < ws->n; i++) {
		w = ws->w[i];
		if ((strcmp(w, "-D") == 0 || strcmp(w, "-U") == 0) &&
		    i + 1 < ws->n) {
			snprintf(joined, sizeof(joined), "%s%s", w, ws->w[++i]);
			w = joined;
		}
		for (m = 0; m < cat_nswitches; m++)
			if (cat_match(cat_switches[m].pattern, w, strlen(w))) {
				if ((int)cat_switches[m].feature == k)
					sense = cat_switches[m].on ? 1 : -1;
				break;
			}
	}
	return sense;
}

/* Whether flag is a word of the line (-DX also as "-D" "X"). */
static int
has_flag(const struct words *ws, const char *flag)
{
	size_t i;

	for (i = 0; i < ws->n; i++)
		if (strcmp(ws->w[i], flag) == 0 || (i + 1 < ws->n &&
		    strlen(ws->w[i]) == 2 && strncmp(ws->w[i], flag, 2) == 0 &&
		    (flag[1] == 'D' || flag[1] == 'U') &&
		    strcmp(ws->w[i + 1], flag + 2) == 0))
			return 1;
	return 0;
}

/*
 * Sources of the report's language only: its flags are those of its
 * compiler (GCC's suffixes of C++ sources).
 */
static int
is_source(const char *file, int cxx)
{
	static const char *const cxx_suffixes[] = {
		".cc", ".cp", ".cxx", ".cpp", ".CPP", ".c++", ".C",
	};
	const char *dot = strrchr(file, '.');
	size_t i;

	if (dot == NULL || !cxx)
		return dot != NULL && strcmp(dot, ".c") == 0;
	for (i = 0; i < sizeof(cxx_suffixes) / sizeof(cxx_suffixes[0]); i++)
		if (strcmp(dot, cxx_suffixes[i]) == 0)
			return 1;
	return 0;
}

/* file with control characters as '?': a name from the database must not
 * reach a terminal as an escape sequence. */
static void
safe_name(char *buf, size_t sz, const char *file)
{
	size_t i;

	for (i = 0; file[i] != '\0' && i + 1 < sz; i++)
		buf[i] = (unsigned char)file[i] < 0x20 || file[i] == 0x7f ?
		    '?' : file[i];
	buf[i] = '\0';
}

/* Check one compile command; 1 when it lacks or undoes a flag. */
static int
check_command(const char *name, const struct words *ws,
    const struct required *rq)
{
	char file[1024];
	size_t i;
	int bad = 0;

	safe_name(file, sizeof(file), name);

	for (i = 0; i < rq->n; i++) {
		if (!has_flag(ws, rq->flag[i])) {
			fprintf(stderr, "harden-audit: %s: compiled without %s "
			    "(%s)\n", file, rq->flag[i], rq->feature[i] >= 0 ?
			    cat_features[rq->feature[i]].name : "?");
			bad = 1;
		} else if (last_sense(ws, rq->feature[i]) < 0) {
			fprintf(stderr, "harden-audit: %s: %s undone later on "
			    "its command line (%s turned off)\n", file,
			    rq->flag[i], cat_features[rq->feature[i]].name);
			bad = 1;
		}
	}
	return bad;
}

/* The object a command writes: "output", else its -o argument; or NULL. */
static const char *
object_of(const struct words *out, const struct words *cmd)
{
	size_t i;

	if (out->n == 1)
		return out->w[0];
	for (i = 0; i + 1 < cmd->n; i++)
		if (strcmp(cmd->w[i], "-o") == 0)
			return cmd->w[i + 1];
	return NULL;
}

/* Whether the object (relative to dir) lies in one of the directories. */
static int
in_scope(const char *const *dirs, const char *dir, const char *object)
{
	char path[8192];
	size_t n;

	if (dirs == NULL)
		return 1;
	if (object == NULL)
		return 0;
	snprintf(path, sizeof(path), "%s%s%s", object[0] == '/' ? "" : dir,
	    object[0] == '/' ? "" : "/", object);
	for (; *dirs != NULL; dirs++) {
		n = strlen(*dirs);
		while (n > 1 && (*dirs)[n - 1] == '/')
			n--;
		if (strncmp(path, *dirs, n) == 0 && path[n] == '/')
			return 1;
	}
	return 0;
}

/* A "command" string, split as the shell would. */
static void
jcommand(struct jcur *j, struct words *cmd)
{
	struct words one = { NULL, 0, 0 };

	jstring(j, &one);
	if (one.n == 1)
		shell_split(one.w[0], cmd);
	words_clear(&one);
	free(one.w);
}

/* One entry of the database: the words of the keys harden-audit reads. */
struct entry {
	struct words	file, dir, out, cmd;
};

static void
entry_free(struct entry *e)
{
	struct words *ws[] = { &e->file, &e->dir, &e->out, &e->cmd };
	size_t i;

	for (i = 0; i < sizeof(ws) / sizeof(ws[0]); i++) {
		words_clear(ws[i]);
		free(ws[i]->w);
	}
}

/* One object of the array: file, directory, output, command or arguments. */
static void
read_entry(struct jcur *j, struct entry *e)
{
	struct words key = { NULL, 0, 0 };
	const char *k;

	if (!jpeek(j, '{')) {
		j->bad = 1;
		return;
	}
	while (!j->bad && !jpeek(j, '}')) {
		jstring(j, &key);
		if (j->bad || !jpeek(j, ':'))
			break;
		k = key.w[key.n - 1];
		if (strcmp(k, "file") == 0)
			jstring(j, &e->file);
		else if (strcmp(k, "directory") == 0)
			jstring(j, &e->dir);
		else if (strcmp(k, "output") == 0)
			jstring(j, &e->out);
		else if (strcmp(k, "arguments") == 0 && jpeek(j, '['))
			while (!j->bad && !jpeek(j, ']')) {
				jstring(j, &e->cmd);
				jpeek(j, ',');
			}
		else if (strcmp(k, "command") == 0)
			jcommand(j, &e->cmd);
		else
			jskip(j);
		jpeek(j, ',');
	}
	words_clear(&key);
	free(key.w);
}

/* Check the entry's command when it compiles a source in scope. */
static void
check_entry(const struct entry *e, void *arg)
{
	struct scope *sc = arg;
	const char *dir = e->dir.n == 1 ? e->dir.w[0] : ".";
	const char *obj = object_of(&e->out, &e->cmd);

	if (e->file.n == 1 && is_source(e->file.w[0], sc->rq->cxx) &&
	    in_scope(sc->dirs, dir, obj) &&
	    (sc->skip == NULL || !in_scope(sc->skip, dir, obj))) {
		sc->checked++;
		sc->bad += (unsigned)check_command(e->file.w[0], &e->cmd, sc->rq);
	}
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n;

	if (fp == NULL)
		return NULL;
	*len = 0;
	do {
		if (*len == cap && (buf = realloc(buf, cap = cap ? 2 * cap :
		    65536)) == NULL)
			err(2, NULL);
		n = fread(buf + *len, 1, cap - *len, fp);
		*len += n;
	} while (n > 0);
	if (ferror(fp)) {
		free(buf);
		buf = NULL;
	}
	fclose(fp);
	return buf;
}

/*
 * Calls each(entry, arg) for every entry of the database at path; 0, or 2
 * (said) when it cannot be read or is no JSON array of objects.
 */
static int
walk(const char *path, void (*each)(const struct entry *, void *), void *arg)
{
	struct entry e;
	struct jcur j;
	char *text;
	size_t len;

	if ((text = slurp(path, &len)) == NULL) {
		warn("%s", path);
		return 2;
	}
	j = (struct jcur){ text, text + len, 0 };
	if (!jpeek(&j, '['))
		j.bad = 1;
	while (!j.bad && !jpeek(&j, ']')) {
		memset(&e, 0, sizeof(e));
		read_entry(&j, &e);
		if (!j.bad)
			each(&e, arg);
		entry_free(&e);
		if (!j.bad && !jpeek(&j, ',') && (jws(&j), j.p < j.end &&
		    *j.p != ']'))
			j.bad = 1;
	}
	if (j.bad)
		warnx("%s: not a compilation database (JSON array of "
		    "objects) at byte %zu", path, (size_t)(j.p - text));
	free(text);
	return j.bad ? 2 : 0;
}

/*
 * One report's commands (rq: its flags): the database walked, the count
 * said and added to *checked.  0, 1 or 2.
 */
static int
check_report(const char *path, const char *report, struct required *rq,
    const char *const *dirs, const char *const *skip, unsigned *checked)
{
	struct scope sc = { rq, dirs, skip, 0, 0 };
	int rc;

	if ((rc = walk(path, check_entry, &sc)) == 0 && sc.checked > 0) {
		fprintf(stderr, "harden-audit: %s: %u %s compile commands "
		    "checked against %s: %u without harden's flags\n", path,
		    sc.checked, rq->cxx ? "C++" : "C", report, sc.bad);
		rc = sc.bad > 0;
	}
	*checked += sc.checked;
	return rc;
}

int
compdb_check(const char *path, const char *const *reports,
    const char *const *dirs, const char *const *skip)
{
	struct required rq[2];
	unsigned checked = 0;
	size_t i, j, n;
	int rc, st = 0;

	memset(rq, 0, sizeof(rq));
	for (n = 0; reports[n] != NULL && n < 2 && st == 0; n++)
		if (read_report(reports[n], &rq[n]) == -1)
			st = 2;
		else if (n == 1 && rq[0].cxx == rq[1].cxx) {
			warnx("%s and %s: both %s reports: give one report "
			    "per language", reports[0], reports[1],
			    rq[1].cxx ? "C++" : "C");
			st = 2;
		}
	for (i = 0; i < n && st < 2; i++)
		if ((rc = check_report(path, reports[i], &rq[i], dirs, skip,
		    &checked)) > st)
			st = rc;
	if (st == 0 && checked == 0) {
		/* A gate that checked nothing proves nothing. */
		warnx("%s: no compile command%s in the language of %s%s%s "
		    "to check", path, dirs != NULL ? " of the --objects-in "
		    "directories" : "", reports[0], n > 1 ? " or " : "",
		    n > 1 ? reports[1] : "");
		st = 2;
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < rq[i].n; j++)
			free(rq[i].flag[j]);
	return st;
}

/* What compdb_objects passes through walk. */
struct objwalk {
	const char *const	*dirs;
	void			(*fn)(const char *, void *);
	void			*arg;
};

/* The entry's object, relative to its directory, when in scope. */
static void
entry_object(const struct entry *e, void *arg)
{
	const struct objwalk *w = arg;
	const char *obj = object_of(&e->out, &e->cmd);
	const char *dir = e->dir.n == 1 ? e->dir.w[0] : ".";
	char path[8192];

	if (obj == NULL || !in_scope(w->dirs, dir, obj))
		return;
	snprintf(path, sizeof(path), "%s%s%s", obj[0] == '/' ? "" : dir,
	    obj[0] == '/' ? "" : "/", obj);
	w->fn(path, w->arg);
}

int
compdb_objects(const char *path, const char *const *dirs,
    void (*fn)(const char *, void *), void *arg)
{
	struct objwalk w = { dirs, fn, arg };

	return walk(path, entry_object, &w);
}
