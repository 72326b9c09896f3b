// words: the distinct words of stdin, sorted, one per line, then their
// number.  With an argument N, only the length of the N-th word (from 0),
// read with an unchecked operator[] on purpose: the C++ standard library's
// own hardening (harden's stdlib-hardening feature) stops an N out of
// range, which reads past the end of the vector's elements (but inside its
// allocation: the test of that feature must not crash without it).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int
main(int argc, char **argv)
{
	std::vector<std::string> words;
	std::string word;

	while (std::cin >> word)
		words.push_back(word);
	std::sort(words.begin(), words.end());
	words.erase(std::unique(words.begin(), words.end()), words.end());

	if (argc > 1) {
		std::vector<std::size_t> lengths;
		lengths.reserve(words.size() + 1);
		for (const std::string &w : words)
			lengths.push_back(w.size());
		std::size_t n = std::strtoul(argv[1], nullptr, 10);
		std::cout << lengths[n] << '\n';
		return 0;
	}

	char total[64];
	for (const std::string &w : words)
		std::cout << w << '\n';
	std::snprintf(total, sizeof(total), "%zu distinct", words.size());
	std::cout << total << std::endl;
	return 0;
}
