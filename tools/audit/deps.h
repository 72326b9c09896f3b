/*
 * deps.h - what the shared objects among the operands say of each other:
 * glibc refuses to dlopen an object whose dependency has DF_1_NOOPEN, so a
 * plugin that links a nodlopen library cannot be loaded either.
 */
#ifndef HARDEN_DEPS_H
#define HARDEN_DEPS_H

struct facts;

/* Remember the dynamic object path (its soname, DT_NEEDED, DF_1_NOOPEN). */
void	deps_note(const char *path, const struct facts *f);
/* Warn for each noted object that needs a noted DF_1_NOOPEN one; frees. */
void	deps_report(void);

#endif
