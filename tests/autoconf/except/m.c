#include <stdio.h>
#include <string.h>

int
main(int argc, char **argv)
{
	char b[16];

	strcpy(b, argc > 1 ? argv[1] : "-");
	puts(b);
	return 0;
}
