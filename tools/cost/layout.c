/*
 * layout.c - the layouts of a variant.
 *
 * Object order, alignment and the size of the environment move hot loops
 * across cache lines and can flip a flag's cost (Mytkowicz et al.,
 * "Producing Wrong Data Without Doing Anything Obviously Wrong!", ASPLOS
 * 2009; Curtsinger and Berger, "Stabilizer", ASPLOS 2013).  So every
 * variant is linked --layouts times, each time in an order of its own: the
 * compiler driver finds the linker through -B WORKDIR/layouts/ld/ (in
 * LDFLAGS; gcc and clang both look there first), where a small wrapper
 * shuffles the project's object files with the seed in
 * HARDEN_COST_LAYOUT_SEED before it runs the real linker, and adds
 * --shuffle-sections when the linker accepts it (lld, mold).  Without a
 * seed (configure's own link tests) it changes nothing.
 *
 * Only the link changes, so a variant is configured and compiled once:
 * the wrapper lists what it linked in HARDEN_COST_LINKS, and the next
 * layouts remove those files and run the build again, which links them
 * anew (frontends.c).  It notes what it could shuffle in
 * WORKDIR/layouts/means, for the report.  The environment padding of
 * each run is in measure.c.
 */
#define _XOPEN_SOURCE	700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cost.h"

/* The linker names a compiler driver may look up in a -B directory. */
static const char *const linker_names[] = {
	"ld", "ld.bfd", "ld.gold", "ld.lld", "ld.mold"
};

/*
 * The wrapper: the real linker is the one of its name in PATH.  Objects
 * are the arguments ending in .o but the C runtime's (crt1.o, crti.o,
 * crtbegin.o ...), which must stay where the driver put them; they are
 * dealt out again, in the shuffled order, in the places objects had.
 */
static const char wrapper[] =
    "#!/bin/sh\n"
    "# harden-cost's linker wrapper: the project's objects in an order\n"
    "# shuffled with HARDEN_COST_LAYOUT_SEED (see harden-cost's layout.c).\n"
    "dir=${0%/*}\n"
    "name=${0##*/}\n"
    "seed=${HARDEN_COST_LAYOUT_SEED:-}\n"
    "real=$(command -v \"$name\") || { echo \"harden-cost: no $name in PATH\" >&2; exit 127; }\n"
    "[ -n \"$seed\" ] || exec \"$real\" \"$@\"\n"
    "objects() {\n"
    "\tfor a; do\n"
    "\t\tcase $a in */crt*.o|crt*.o|*[SgMr]crt1.o) ;; *.o) printf '%s\\n' \"$a\" ;; esac\n"
    "\tdone\n"
    "}\n"
    "shuffled=$(objects \"$@\" | awk -v seed=\"$seed\" '{ v[NR] = $0 }\n"
    "END { srand(seed); for (i = NR; i > 1; i--) { j = int(rand() * i) + 1;\n"
    "\tt = v[i]; v[i] = v[j]; v[j] = t } for (i = 1; i <= NR; i++) print v[i] }')\n"
    "# dealt out one line at a time with the shell's own expansions (a sed\n"
    "# for each object cost most of a link's time)\n"
    "nl='\n"
    "'\n"
    "rest=$shuffled$nl\n"
    "n=$# k=0 out= prev=\n"
    "for a; do\n"
    "\tcase $prev in -o) out=$a ;; esac\n"
    "\tprev=$a\n"
    "\tcase $a in\n"
    "\t*/crt*.o|crt*.o|*[SgMr]crt1.o) ;;\n"
    "\t*.o) k=$((k + 1)); a=${rest%%\"$nl\"*}; rest=${rest#*\"$nl\"} ;;\n"
    "\tesac\n"
    "\tset -- \"$@\" \"$a\"\n"
    "done\n"
    "shift \"$n\"\n"
    "# the form of --shuffle-sections the linker accepts (lld: GLOB=SEED, mold:\n"
    "# SEED), probed once per linker\n"
    "probe=\"${dir%/*}/sections.$name\"\n"
    "if [ ! -f \"$probe\" ]; then\n"
    "\tfor form in '*=' ''; do\n"
    "\t\t\"$real\" \"--shuffle-sections=${form}1\" --version >/dev/null 2>&1 && break\n"
    "\t\tform=none\n"
    "\tdone\n"
    "\techo \"$form\" >\"$probe\"\n"
    "fi\n"
    "form=$(cat \"$probe\")\n"
    "sections=no\n"
    "if [ \"$form\" != none ]; then\n"
    "\tset -- \"--shuffle-sections=$form$seed\" \"$@\"\n"
    "\tsections=yes\n"
    "fi\n"
    "echo \"$k $sections $name\" >>\"${dir%/*}/means\"\n"
    "case $out in '') ;; /*) echo \"$out\" ;; *) echo \"$PWD/$out\" ;; esac >>\"${HARDEN_COST_LINKS:-/dev/null}\"\n"
    "exec \"$real\" \"$@\"\n";

/* WORKDIR/layouts and its wrapper, before the first build. */
void
layout_setup(struct cost *c)
{
	char path[PATH_MAX];
	FILE *f;

	fmt(path, sizeof path, "%s/layouts", c->workdir);
	make_dirs(path);
	fmt(path, sizeof path, "%s/layouts/shuffle-ld", c->workdir);
	if ((f = fopen(path, "w")) == NULL || fputs(wrapper, f) == EOF || fclose(f) != 0 ||
	    chmod(path, 0755) != 0) {
		fprintf(stderr, "harden-cost: cannot write %s: %s\n", path, strerror(errno));
		exit(EXIT_FAILED);
	}
	fmt(path, sizeof path, "%s/layouts/means", c->workdir);
	remove(path);		/* this run's links only, with --reuse too */
	fmt(path, sizeof path, "%s/layouts/ld", c->workdir);
	make_dirs(path);
	for (size_t i = 0; i < sizeof linker_names / sizeof linker_names[0]; i++) {
		fmt(path, sizeof path, "%s/layouts/ld/%s", c->workdir, linker_names[i]);
		if (symlink("../shuffle-ld", path) != 0 && errno != EEXIST)
			fprintf(stderr, "harden-cost: cannot create %s: %s\n", path, strerror(errno));
	}
}

/* The build directory of layout l (from 0) of v: WORKDIR/v001-1 ... */
void
layout_dir(const struct variant *v, int layout, char *buf, size_t len)
{
	fmt(buf, len, "%s-%d", v->dir, layout + 1);
}

/* Round r runs every variant in the same layout slot, so that a cost's
 * rounds group by layout (stats.c). */
int
round_layout(const struct cost *c, int round)
{
	return round % c->o->layouts;
}

/* The seed of layout l of v: from --seed, the variant and the layout, so
 * that no two links share one; below 2^31 for awk's srand(). */
unsigned long
layout_seed(const struct cost *c, const struct variant *v, int layout)
{
	uint64_t s = c->o->seed * 1000003u + (uint64_t)(v - c->variants) * 131u +
	    (uint64_t)layout;

	return (unsigned long)(rng_next(&s) % 2147483647u) + 1;
}

/* LDFLAGS that put the wrapper in front of the linker. */
void
layout_ldflags(const struct cost *c, char *buf, size_t len)
{
	fmt(buf, len, "-B%s/layouts/ld/", c->workdir);
}

/* What the links of the builds shuffled, from WORKDIR/layouts/means:
 * "link order of 5 objects; sections not shuffled (ld does not accept
 * --shuffle-sections)". */
void
layout_summary(struct cost *c)
{
	char path[PATH_MAX], line[256], name[64], sections[8], linker[64] = "";
	int links = 0, most = 0, shuffled = 0, k;
	FILE *f;

	fmt(path, sizeof path, "%s/layouts/means", c->workdir);
	if ((f = fopen(path, "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL)
			if (sscanf(line, "%d %7s %63s", &k, sections, name) == 3) {
				links++;
				most = k > most ? k : most;
				shuffled += !strcmp(sections, "yes");
				if (strcmp(sections, "yes"))
					copy_str(linker, sizeof linker, name);
			}
		fclose(f);
	}
	if (links == 0)
		fmt(c->layout_means, sizeof c->layout_means,
		    "none: no link went through harden-cost's linker wrapper (-B in LDFLAGS)");
	else if (shuffled == links)
		fmt(c->layout_means, sizeof c->layout_means,
		    "link order of up to %d objects, and sections (--shuffle-sections)", most);
	else
		fmt(c->layout_means, sizeof c->layout_means, "link order of up to %d objects; "
		    "sections not shuffled (%s does not accept --shuffle-sections)", most, linker);
}
