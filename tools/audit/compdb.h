/*
 * compdb.h - checking a build's compile_commands.json against harden's
 * report (harden-report.txt).
 */
#ifndef HARDEN_COMPDB_H
#define HARDEN_COMPDB_H

/*
 * Every compile command of the compilation database at path in the
 * language of one of the reports (NULL-ended: a C report, a C++ report)
 * carries the compiler and preprocessor flags of the features that report
 * calls on, none undone later on its line; each one that does not is
 * named on standard error.  With dirs (NULL-ended), only the commands
 * whose object lies in one of those directories; with skip (NULL-ended),
 * none whose object lies in one of those (another report's: a target's
 * exception).  0 all do, 1 one does not, 2 unreadable input or no command
 * checked at all.
 */
int	compdb_check(const char *path, const char *const *reports,
	    const char *const *dirs, const char *const *skip);

/*
 * Calls fn(object, arg) for the object of every entry of the compilation
 * database at path (any language: assembly too), its path joined to the
 * entry's directory; with dirs, only those in one of the directories.  0,
 * or 2 (said) when the database cannot be read.
 */
int	compdb_objects(const char *path, const char *const *dirs,
	    void (*fn)(const char *, void *), void *arg);

#endif
