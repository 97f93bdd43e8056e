/* The C line floor of the bench script: it finds each line end of its
   input and writes a 17-byte answer for each line, with no parsing and
   no lookup. What solve does on a judge file can be no faster. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
	static char in[1 << 18], out[1 << 18];
	const char answer[] = "dlurullddrurdllu\n"; /* 17 bytes */
	size_t o = 0;
	ssize_t n;
	while ((n = read(0, in, sizeof in)) > 0) {
		char *p = in, *end = in + n;
		while ((p = memchr(p, '\n', end - p)) != NULL) {
			p++;
			if (o + 17 > sizeof out) {
				if (write(1, out, o) < 0) return 1;
				o = 0;
			}
			memcpy(out + o, answer, 17);
			o += 17;
		}
	}
	if (o > 0 && write(1, out, o) < 0) return 1;
	return 0;
}
