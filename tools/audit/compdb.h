/*
 * compdb.h - checking a build's compile_commands.json against harden's
 * report (harden-report.txt).
 */
#ifndef HARDEN_COMPDB_H
#define HARDEN_COMPDB_H

/*
 * Every C compile command of the compilation database at path carries the
 * compiler and preprocessor flags of the features that the report calls on,
 * none undone later on its line; each one that does not is named on
 * standard error.  With dirs (NULL-ended), only the commands whose object
 * lies in one of those directories.  0 all do, 1 one does not, 2
 * unreadable input.
 */
int	compdb_check(const char *path, const char *report,
	    const char *const *dirs);

#endif
