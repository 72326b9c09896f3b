/* An HTTP-style request parser: strlen, strchr, memcpy, strcpy and
 * snprintf into fixed-size fields, the calls _FORTIFY_SOURCE checks. */
#include <stdio.h>
#include <string.h>
#include "costbench.h"

struct header {
	char name[32];
	char value[96];
};

struct request {
	char method[16];
	char path[128];
	char query[128];
	struct header headers[12];
	int nheaders;
	char summary[256];
};

static const char *const samples[] = {
	"GET /index.html?lang=en&page=2 HTTP/1.1\r\nHost: example.org\r\n"
	"User-Agent: costbench/1.0\r\nAccept: text/html\r\nConnection: keep-alive\r\n\r\n",
	"POST /api/v1/items?id=42 HTTP/1.1\r\nHost: api.example.org\r\n"
	"Content-Type: application/json\r\nContent-Length: 27\r\nAuthorization: Bearer abcdef0123456789\r\n\r\n",
	"HEAD /static/css/site.css HTTP/1.0\r\nHost: cdn.example.org\r\nIf-None-Match: \"5d8c72a5edda8\"\r\n\r\n",
};

/* Copies at most size-1 bytes of [s, s+len) into dst and terminates it. */
static void copy_field(char *dst, size_t size, const char *s, size_t len)
{
	if (len >= size)
		len = size - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
}

static int parse_request(struct request *r, const char *text)
{
	const char *line = text, *eol, *sp, *q, *colon;
	char first[256];

	eol = strstr(line, "\r\n");
	if (!eol)
		return -1;
	copy_field(first, sizeof first, line, (size_t)(eol - line));
	sp = strchr(first, ' ');
	if (!sp)
		return -1;
	copy_field(r->method, sizeof r->method, first, (size_t)(sp - first));
	q = strchr(sp + 1, '?');
	if (q) {
		copy_field(r->path, sizeof r->path, sp + 1, (size_t)(q - sp - 1));
		copy_field(r->query, sizeof r->query, q + 1, strcspn(q + 1, " "));
	} else {
		copy_field(r->path, sizeof r->path, sp + 1, strcspn(sp + 1, " "));
		strcpy(r->query, "");
	}
	r->nheaders = 0;
	for (line = eol + 2; (eol = strstr(line, "\r\n")) && eol != line; line = eol + 2) {
		struct header *h;

		if (r->nheaders == (int)(sizeof r->headers / sizeof r->headers[0]))
			break;
		colon = memchr(line, ':', (size_t)(eol - line));
		if (!colon)
			return -1;
		h = &r->headers[r->nheaders++];
		copy_field(h->name, sizeof h->name, line, (size_t)(colon - line));
		colon += strspn(colon + 1, " ") + 1;
		copy_field(h->value, sizeof h->value, colon, (size_t)(eol - colon));
	}
	snprintf(r->summary, sizeof r->summary, "%s %s (%d headers, %zu bytes of query)",
		 r->method, r->path, r->nheaders, strlen(r->query));
	return 0;
}

uint32_t work_parse(unsigned scale)
{
	struct request r;
	uint32_t sum = 0;
	unsigned i;
	int h;

	for (i = 0; i < 60000 * scale; i++) {
		if (parse_request(&r, samples[i % 3]) < 0)
			return 0;
		sum = sum * 31 + (uint32_t)strlen(r.summary);
		for (h = 0; h < r.nheaders; h++)
			sum += (unsigned char)r.headers[h].value[0];
	}
	return sum;
}
