/*
 * report.h - the report of harden-flags (catalog/README.md, "The report"),
 * read by harden-audit and harden-cost alike.
 */
#ifndef HARDEN_REPORT_H
#define HARDEN_REPORT_H

#define REPORT_MAX_FEATURES	64

/* The flag lists of the report's head, in its order. */
enum report_list {
	REPORT_CPPFLAGS, REPORT_CFLAGS, REPORT_EXE_CFLAGS, REPORT_LDFLAGS,
	REPORT_EXE_LDFLAGS, REPORT_LIB_LDFLAGS, REPORT_LISTS
};

/* One feature: "feature NAME STATE VALUE REASON", "flags NAME TAG:FLAG...". */
struct driver_feature {
	char	name[64];
	char	state[16];		/* on, off, unsupported, builder, project */
	char	value[64];		/* "" for - */
	char	reason[512];		/* "" for - */
	char	flags[1024];		/* the tagged flags: "cpp:-DX cc:-fy" */
};

struct driver_report {
	int	version;		/* a version= line was read */
	int	cxx;			/* a C++ report: traits lang=c++ */
	char	lists[REPORT_LISTS][2048];
	char	enabled[1024];
	struct driver_feature rows[REPORT_MAX_FEATURES];
	int	nrows;
};

/*
 * Reads the report at path into r: 0; -1 when it cannot be read (errno
 * says why); -2 when it is no report (no version= line or no feature,
 * as the saved --summary or --export of harden-flags).
 */
int	driver_report_read(const char *path, struct driver_report *r);

#endif
