// tallyxx: tally's counts of stdin, from a C++ program linked with the C
// object of tally.c (not the library): a program made of C and C++ objects.
// It reads lines with std::getline and prints what "tally <file" prints.
#include <iostream>
#include <string>

extern "C" {
#include "tally.h"
}

int
main()
{
	struct tally t;
	std::string line;
	char out[256];

	tally_init(&t);
	while (std::getline(std::cin, line)) {
		if (!std::cin.eof())
			line += '\n';
		tally_feed(&t, line.data(), line.size());
	}
	if (tally_format(&t, "-", out, sizeof(out)) < 0)
		return 1;
	std::cout << out << '\n';
	return 0;
}
