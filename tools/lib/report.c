/*
 * report.c - the report of harden-flags, read once for every tool.  Only
 * the lines a tool uses are kept: the head's lists and enabled=, the
 * traits' language, each feature's row and tagged flags (the detail and
 * result lines are the frontends' and the caches').
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <string.h>

#include "report.h"

static const char *const list_keys[REPORT_LISTS] = {
	"cppflags", "cflags", "exe_cflags", "ldflags", "exe_ldflags", "lib_ldflags"
};

static void
copy(char *dst, size_t len, const char *src, size_t n)
{
	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The word at *p (blank-separated), and *p after it and its blank. */
static void
word(const char **p, char *dst, size_t len)
{
	size_t n = strcspn(*p, " ");

	copy(dst, len, *p, n);
	*p += n + ((*p)[n] == ' ');
}

/* The row of the feature named at p (the flags line follows its row). */
static struct driver_feature *
row_of(struct driver_report *r, const char *p)
{
	size_t n = strcspn(p, " ");

	for (int i = r->nrows - 1; i >= 0; i--)
		if (strlen(r->rows[i].name) == n && !strncmp(r->rows[i].name, p, n))
			return &r->rows[i];
	return NULL;
}

static void
head_line(const char *line, struct driver_report *r)
{
	const char *eq = strchr(line, '=');
	size_t n = (size_t)(eq - line);

	for (int i = 0; i < REPORT_LISTS; i++)
		if (strlen(list_keys[i]) == n && !strncmp(line, list_keys[i], n))
			copy(r->lists[i], sizeof r->lists[i], eq + 1, strlen(eq + 1));
	if (n == 7 && !strncmp(line, "enabled", 7))
		copy(r->enabled, sizeof r->enabled, eq + 1, strlen(eq + 1));
	else if (n == 7 && !strncmp(line, "version", 7))
		r->version = 1;
	else if (n == 6 && !strncmp(line, "traits", 6))
		r->cxx = strstr(line, " lang=c++") != NULL || !strncmp(eq + 1, "lang=c++", 8);
}

static void
feature_line(const char *p, struct driver_report *r)
{
	struct driver_feature *f;

	if (r->nrows == REPORT_MAX_FEATURES)
		return;
	f = &r->rows[r->nrows++];
	memset(f, 0, sizeof *f);
	word(&p, f->name, sizeof f->name);
	word(&p, f->state, sizeof f->state);
	word(&p, f->value, sizeof f->value);
	if (!strcmp(f->value, "-"))
		f->value[0] = '\0';
	if (strcmp(p, "-"))
		copy(f->reason, sizeof f->reason, p, strlen(p));
}

/* "flags NAME TAG:FLAG...": the tagged flags of NAME's row, read before. */
static void
flags_line(const char *p, struct driver_report *r)
{
	struct driver_feature *f = row_of(r, p);
	char name[64];

	word(&p, name, sizeof name);
	if (f != NULL)
		copy(f->flags, sizeof f->flags, p, strlen(p));
}

int
driver_report_read(const char *path, struct driver_report *r)
{
	FILE *fp;
	char *line = NULL, *eq;
	size_t cap = 0;
	ssize_t len;

	memset(r, 0, sizeof *r);
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	while ((len = getline(&line, &cap, fp)) != -1) {
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		eq = strchr(line, '=');
		if (!strncmp(line, "feature ", 8))
			feature_line(line + 8, r);
		else if (!strncmp(line, "flags ", 6))
			flags_line(line + 6, r);
		else if (eq != NULL && strcspn(line, " ") > (size_t)(eq - line))
			head_line(line, r);
	}
	free(line);
	fclose(fp);
	return r->version && r->nrows > 0 ? 0 : -2;
}
