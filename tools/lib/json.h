/*
 * json.h - the JSON string writer of harden-audit and harden-cost.
 */
#ifndef HARDEN_JSON_H
#define HARDEN_JSON_H

#include <stddef.h>
#include <stdio.h>

size_t	utf8len(const unsigned char *p);
void	json_string(FILE *f, const char *s);

#endif
