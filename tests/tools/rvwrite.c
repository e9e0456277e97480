// SPDX-License-Identifier: GPL-2.0
/*
 * rvwrite: write to a file in one write() and print what the kernel said:
 * "ok N" for N bytes written, or the errno's name. For tests of tracefs
 * files, where a shell only reports "write error".
 *
 * Usage: rvwrite [-t] [-a] [-o OFFSET] [-n SIZE] [-z] FILE [DATA]
 *   -t         open with O_TRUNC
 *   -a         open with O_APPEND
 *   -o OFFSET  pwrite() at OFFSET
 *   -n SIZE    write SIZE bytes of 'a' instead of DATA
 *   -z         append a NUL byte and "x" to DATA
 *   DATA takes C escapes: \n, \t, \\.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static size_t unescape(char *s)
{
	char *in = s, *out = s;

	while (*in) {
		if (*in == '\\' && in[1]) {
			in++;
			*out++ = *in == 'n' ? '\n' : *in == 't' ? '\t' : *in;
			in++;
		} else {
			*out++ = *in++;
		}
	}
	*out = '\0';
	return out - s;
}

int main(int argc, char **argv)
{
	int flags = O_WRONLY, opt, fd, nul = 0;
	long offset = -1, size = -1;
	char *data;
	size_t len;
	ssize_t ret;

	while ((opt = getopt(argc, argv, "tao:n:z")) != -1) {
		switch (opt) {
		case 't': flags |= O_TRUNC; break;
		case 'a': flags |= O_APPEND; break;
		case 'o': offset = atol(optarg); break;
		case 'n': size = atol(optarg); break;
		case 'z': nul = 1; break;
		default:
			fprintf(stderr, "usage: rvwrite [-t] [-a] [-o OFFSET] [-n SIZE] [-z] FILE [DATA]\n");
			return 2;
		}
	}
	if (optind >= argc)
		return 2;
	if (size >= 0) {
		data = malloc(size + 1);
		if (!data)
			return 2;
		memset(data, 'a', size);
		len = size;
	} else {
		data = malloc(strlen(argv[optind + 1] ? argv[optind + 1] : "") + 3);
		if (!data)
			return 2;
		strcpy(data, argv[optind + 1] ? argv[optind + 1] : "");
		len = unescape(data);
		if (nul) {
			memcpy(data + len, "\0x", 2);
			len += 2;
		}
	}
	fd = open(argv[optind], flags);
	if (fd < 0) {
		printf("open %s\n", strerrorname_np(errno));
		return 0;
	}
	ret = offset >= 0 ? pwrite(fd, data, len, offset) : write(fd, data, len);
	if (ret < 0)
		printf("%s\n", strerrorname_np(errno));
	else
		printf("ok %zd\n", ret);
	close(fd);
	free(data);
	return 0;
}
