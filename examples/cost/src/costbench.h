/* The workloads of costbench: each runs SCALE units of work and returns a
 * checksum, so the compiler cannot drop the work and a broken build shows. */
#ifndef COSTBENCH_H
#define COSTBENCH_H
#include <stdint.h>

uint32_t work_sha256(unsigned scale);
uint32_t work_lrange(unsigned scale);
uint32_t work_parse(unsigned scale);
uint32_t work_recurse(unsigned scale);
uint32_t work_alloc(unsigned scale);

#endif
