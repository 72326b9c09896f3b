/* A Redis LRANGE reply loop: walk a linked list of 600 values and append
 * each as a bulk reply ("$LEN\r\nVALUE\r\n") through small calls, an
 * indirect write and a number formatted in a local buffer: the shape that
 * made stack-protector, cf-protection and PIE visible on redis-server. */
#include <stdlib.h>
#include <string.h>
#include "costbench.h"

struct node {
	struct node *next;
	size_t len;
	char value[24];
};

struct client {
	char buf[16 * 1024];
	size_t used;
	uint32_t sum;
	void (*write)(struct client *c, const char *s, size_t len);
};

/* Sends the buffer: here, folds it into a checksum. */
static void flush_reply(struct client *c)
{
	size_t i;

	for (i = 0; i < c->used; i += 61)
		c->sum = c->sum * 33 + (unsigned char)c->buf[i];
	c->used = 0;
}

static void buffer_write(struct client *c, const char *s, size_t len)
{
	if (c->used + len > sizeof c->buf)
		flush_reply(c);
	memcpy(c->buf + c->used, s, len);
	c->used += len;
}

static size_t ll2string(char *dst, size_t size, long long v)
{
	char tmp[24];
	size_t n = 0, i;
	unsigned long long u = v < 0 ? -(unsigned long long)v : (unsigned long long)v;

	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u && n < sizeof tmp);
	if (v < 0 && n < sizeof tmp)
		tmp[n++] = '-';
	if (n >= size)
		return 0;
	for (i = 0; i < n; i++)
		dst[i] = tmp[n - 1 - i];
	dst[n] = '\0';
	return n;
}

static void add_reply_length(struct client *c, char prefix, long long len)
{
	char hdr[32];
	size_t n;

	hdr[0] = prefix;
	n = ll2string(hdr + 1, sizeof hdr - 3, len) + 1;
	hdr[n++] = '\r';
	hdr[n++] = '\n';
	c->write(c, hdr, n);
}

static void add_reply_bulk(struct client *c, const struct node *o)
{
	add_reply_length(c, '$', (long long)o->len);
	c->write(c, o->value, o->len);
	c->write(c, "\r\n", 2);
}

static void lrange_command(struct client *c, const struct node *list, long start, long end)
{
	const struct node *n = list;
	long i;

	for (i = 0; n && i < start; i++)
		n = n->next;
	add_reply_length(c, '*', end - start + 1);
	for (; n && i <= end; i++, n = n->next)
		add_reply_bulk(c, n);
}

/* Through a volatile pointer, so that the compiler keeps the indirect call. */
static void (*volatile default_write)(struct client *, const char *, size_t) = buffer_write;

uint32_t work_lrange(unsigned scale)
{
	static struct node nodes[600];
	static struct client c;
	unsigned i, r;

	for (i = 0; i < 600; i++) {
		nodes[i].next = i + 1 < 600 ? &nodes[i + 1] : NULL;
		nodes[i].len = ll2string(nodes[i].value, sizeof nodes[i].value, (long long)i * 7919);
	}
	c.used = 0;
	c.sum = 0;
	c.write = default_write;
	for (r = 0; r < 1200 * scale; r++)
		lrange_command(&c, nodes, r % 4, 599 - r % 3);
	flush_reply(&c);
	return c.sum;
}
