// SPDX-License-Identifier: GPL-2.0
/*
 * The property language: one definition a line, NAME = FORMULA, '#'
 * starts a comment. The property is the line named RULE, or else the
 * last one; the other names are sub-formulas, usable before or after
 * their line. A recursive-descent parser, lowest precedence first:
 *
 *   equiv  := imply { "equivalent" imply }
 *   imply  := or [ "imply" imply ]
 *   or     := and { "or" and }
 *   and    := until { "and" until }
 *   until  := unary [ "until" until ]
 *   unary  := ( "not" | "always" | "eventually" | "next" ) unary | primary
 *   primary:= ATOM | NAME | "(" equiv ")"
 *
 * ATOM is [A-Z][A-Z0-9_]* that is not a defined name.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltl.h"

#define MAX_DEFS	256
#define MAX_NAMES	1024	/* distinct atom names before resolution */
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

struct def {
	char *name;
	const char *text;	/* the formula, in the line */
	int line, col;		/* of the name */
	struct ltl *expr;
	struct ltl *resolved;
	int mark;		/* 0 new, 1 being resolved, 2 done */
};

struct parser {
	const char *path;
	char *err;
	size_t errlen;
	struct def defs[MAX_DEFS];
	int ndefs;
	char *names[MAX_NAMES];	/* atom names, before resolution */
	int nnames;
	/* the current line */
	const char *line_start, *pos;
	int line;
	/* the current token */
	enum { T_END, T_WORD, T_LPAR, T_RPAR, T_EQ, T_BAD } tok;
	const char *tok_start;
	int tok_len;
	char prev[64];		/* the previous token, for messages */
	int failed;
};

static const char *const keywords[] = {
	"always", "eventually", "next", "until", "not", "and", "or",
	"imply", "equivalent",
};

static void *xmalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fprintf(stderr, "ltl2ba: out of memory\n");
		exit(1);
	}
	return p;
}

static char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	return p;
}

static void vfail(struct parser *p, int line, int col, const char *fmt, va_list ap)
{
	int n;

	if (p->failed)
		return;
	p->failed = 1;
	if (line)
		n = snprintf(p->err, p->errlen, "%s:%d:%d: ", p->path, line, col);
	else
		n = snprintf(p->err, p->errlen, "%s: ", p->path);
	if (n < 0 || (size_t)n >= p->errlen)
		return;
	vsnprintf(p->err + n, p->errlen - n, fmt, ap);
}

/* an error at LINE:COL, or in the whole file when LINE is 0 */
static void fail_at(struct parser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(p, line, col, fmt, ap);
	va_end(ap);
}

static int tok_col(struct parser *p);

/* an error at the current token */
static void fail_tok(struct parser *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfail(p, p->line, tok_col(p), fmt, ap);
	va_end(ap);
}

static int tok_col(struct parser *p)
{
	return (int)(p->tok_start - p->line_start) + 1;
}

static int is_word(int c)
{
	return isalnum(c) || c == '_';
}

static void next_token(struct parser *p)
{
	if (p->tok_len && p->tok != T_END) {
		int n = p->tok_len < 60 ? p->tok_len : 60;

		snprintf(p->prev, sizeof(p->prev), "%.*s", n, p->tok_start);
	}
	while (*p->pos == ' ' || *p->pos == '\t' || *p->pos == '\r')
		p->pos++;
	p->tok_start = p->pos;
	p->tok_len = 1;
	switch (*p->pos) {
	case '\0': case '\n': case '#':
		p->tok = T_END;
		p->tok_len = 0;
		return;
	case '(':
		p->tok = T_LPAR;
		break;
	case ')':
		p->tok = T_RPAR;
		break;
	case '=':
		p->tok = T_EQ;
		break;
	default:
		if (isalpha((unsigned char)*p->pos) || *p->pos == '_') {
			while (is_word((unsigned char)p->pos[p->tok_len]))
				p->tok_len++;
			p->tok = T_WORD;
		} else {
			p->tok = T_BAD;
		}
	}
	p->pos += p->tok_len;
}

static int tok_is(struct parser *p, const char *word)
{
	return p->tok == T_WORD && (int)strlen(word) == p->tok_len &&
		!strncmp(p->tok_start, word, p->tok_len);
}

static int is_keyword(const char *s, int len)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keywords); i++)
		if ((int)strlen(keywords[i]) == len && !strncmp(s, keywords[i], len))
			return 1;
	return 0;
}

static int is_atom_name(const char *s, int len)
{
	int i;

	if (!isupper((unsigned char)s[0]))
		return 0;
	for (i = 1; i < len; i++)
		if (!isupper((unsigned char)s[i]) && !isdigit((unsigned char)s[i]) && s[i] != '_')
			return 0;
	return 1;
}

static int find_def(struct parser *p, const char *s, int len)
{
	int i;

	for (i = 0; i < p->ndefs; i++)
		if ((int)strlen(p->defs[i].name) == len && !strncmp(p->defs[i].name, s, len))
			return i;
	return -1;
}

static struct ltl *node(struct parser *p, enum ltl_op op, struct ltl *l, struct ltl *r)
{
	struct ltl *e = xmalloc(sizeof(*e));

	e->op = op;
	e->l = l;
	e->r = r;
	e->line = p->line;
	e->col = tok_col(p);
	return e;
}

/* "after 'and'", or "at the start of the formula" */
static const char *context(struct parser *p, char *buf, size_t n)
{
	if (!p->prev[0])
		return "at the start of the formula";
	snprintf(buf, n, "after '%s'", p->prev);
	return buf;
}

static struct ltl *parse_equiv(struct parser *p);

static struct ltl *parse_primary(struct parser *p)
{
	char buf[80];
	struct ltl *e;
	int col, d;

	if (p->tok == T_LPAR) {
		col = tok_col(p);
		next_token(p);
		e = parse_equiv(p);
		if (p->failed)
			return NULL;
		if (p->tok != T_RPAR) {
			fail_tok(p,
				 "expected ')' for the '(' at column %d %s", col,
				 context(p, buf, sizeof(buf)));
			return NULL;
		}
		next_token(p);
		return e;
	}
	if (p->tok != T_WORD || is_keyword(p->tok_start, p->tok_len)) {
		fail_tok(p, "expected an atom or '(' %s",
			 context(p, buf, sizeof(buf)));
		return NULL;
	}
	d = find_def(p, p->tok_start, p->tok_len);
	if (d >= 0) {
		e = node(p, LTL_REF, NULL, NULL);
		e->ref = d;
	} else if (is_atom_name(p->tok_start, p->tok_len)) {
		int i;

		e = node(p, LTL_ATOM, NULL, NULL);
		for (i = 0; i < p->nnames; i++)
			if ((int)strlen(p->names[i]) == p->tok_len &&
			    !strncmp(p->names[i], p->tok_start, p->tok_len))
				break;
		if (i == p->nnames) {
			if (p->nnames == MAX_NAMES) {
				fail_tok(p, "more than %d atom names", MAX_NAMES);
				return NULL;
			}
			p->names[p->nnames++] = xstrndup(p->tok_start, p->tok_len);
		}
		e->atom = i;
	} else {
		fail_tok(p,
			 "unknown name '%.*s' (atoms are upper case: [A-Z][A-Z0-9_]*)",
			 p->tok_len, p->tok_start);
		return NULL;
	}
	next_token(p);
	return e;
}

static struct ltl *parse_unary(struct parser *p)
{
	static const struct { const char *word; enum ltl_op op; } ops[] = {
		{ "not", LTL_NOT }, { "always", LTL_ALWAYS },
		{ "eventually", LTL_EVENTUALLY }, { "next", LTL_NEXT },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		if (tok_is(p, ops[i].word)) {
			struct ltl *e = node(p, ops[i].op, NULL, NULL);

			next_token(p);
			e->l = parse_unary(p);
			return p->failed ? NULL : e;
		}
	}
	return parse_primary(p);
}

/* a binary level: OP is the keyword, SUB parses an operand */
static struct ltl *parse_binary(struct parser *p, const char *word, enum ltl_op op,
				struct ltl *(*sub)(struct parser *), int right)
{
	struct ltl *l = sub(p), *e;

	while (!p->failed && tok_is(p, word)) {
		e = node(p, op, l, NULL);
		next_token(p);
		e->r = right ? parse_binary(p, word, op, sub, right) : sub(p);
		l = e;
	}
	return p->failed ? NULL : l;
}

static struct ltl *parse_until(struct parser *p)
{
	return parse_binary(p, "until", LTL_UNTIL, parse_unary, 1);
}

static struct ltl *parse_and(struct parser *p)
{
	return parse_binary(p, "and", LTL_AND, parse_until, 0);
}

static struct ltl *parse_or(struct parser *p)
{
	return parse_binary(p, "or", LTL_OR, parse_and, 0);
}

static struct ltl *parse_imply(struct parser *p)
{
	return parse_binary(p, "imply", LTL_IMPLY, parse_or, 1);
}

static struct ltl *parse_equiv(struct parser *p)
{
	return parse_binary(p, "equivalent", LTL_EQUIV, parse_imply, 0);
}

/* first pass: the names, so that a formula may use a later one */
static void collect_defs(struct parser *p, const char *text)
{
	const char *s = text;

	for (p->line = 1; *s && !p->failed; p->line++) {
		const char *eol = strchr(s, '\n');

		p->line_start = s;
		p->pos = s;
		p->prev[0] = '\0';
		p->tok_len = 0;
		next_token(p);
		if (p->tok != T_END) {
			struct def *d;

			if (p->tok != T_WORD) {
				fail_tok(p, "expected a name at the start of the line");
				return;
			}
			if (is_keyword(p->tok_start, p->tok_len)) {
				fail_tok(p, "'%.*s' is an operator, not a name",
					 p->tok_len, p->tok_start);
				return;
			}
			if (find_def(p, p->tok_start, p->tok_len) >= 0) {
				struct def *o = &p->defs[find_def(p, p->tok_start, p->tok_len)];

				fail_tok(p, "'%s' is already defined on line %d",
					 o->name, o->line);
				return;
			}
			if (p->ndefs == MAX_DEFS) {
				fail_tok(p, "more than %d definitions", MAX_DEFS);
				return;
			}
			d = &p->defs[p->ndefs++];
			d->name = xstrndup(p->tok_start, p->tok_len);
			d->line = p->line;
			d->col = tok_col(p);
			next_token(p);
			if (p->tok != T_EQ) {
				fail_tok(p, "expected '=' after the name '%s'", d->name);
				return;
			}
			d->text = p->pos;
		}
		if (!eol)
			break;
		s = eol + 1;
	}
}

static void parse_defs(struct parser *p)
{
	char buf[80];
	int i;

	for (i = 0; i < p->ndefs && !p->failed; i++) {
		struct def *d = &p->defs[i];
		const char *s = d->text;

		/* back to the start of its line, for the columns */
		while (s > p->line_start && s[-1] != '\n')
			s--;
		p->line_start = s;
		p->pos = d->text;
		p->line = d->line;
		p->prev[0] = '\0';
		p->tok_len = 0;
		next_token(p);
		d->expr = parse_equiv(p);
		if (!p->failed && p->tok != T_END)
			fail_tok(p,
				 "expected an operator or the end of the line %s",
				 context(p, buf, sizeof(buf)));
	}
}

static struct ltl *resolve(struct parser *p, struct ltl *e, int *path, int depth);

static struct ltl *resolve_def(struct parser *p, int i, int *path, int depth)
{
	struct def *d = &p->defs[i];

	if (d->mark == 2)
		return d->resolved;
	if (d->mark == 1) {
		char chain[512];
		int k, n = 0, start = 0;

		for (k = 0; k < depth; k++)
			if (path[k] == i)
				start = k;
		for (k = start; k < depth && n < (int)sizeof(chain) - 1; k++)
			n += snprintf(chain + n, sizeof(chain) - n, "%s -> ",
				      p->defs[path[k]].name);
		if (n < (int)sizeof(chain) - 1)
			snprintf(chain + n, sizeof(chain) - n, "%s", d->name);
		fail_at(p, d->line, d->col, "'%s' is defined through itself: %s", d->name, chain);
		return NULL;
	}
	d->mark = 1;
	path[depth] = i;
	d->resolved = resolve(p, d->expr, path, depth + 1);
	d->mark = 2;
	return d->resolved;
}

/* a copy of E with the references replaced by their definitions */
static struct ltl *resolve(struct parser *p, struct ltl *e, int *path, int depth)
{
	struct ltl *c;

	if (!e || p->failed)
		return NULL;
	if (e->op == LTL_REF)
		return resolve_def(p, e->ref, path, depth);
	c = xmalloc(sizeof(*c));
	*c = *e;
	c->l = resolve(p, e->l, path, depth);
	c->r = resolve(p, e->r, path, depth);
	return c;
}

/* number the atoms of the property in order of first appearance */
static void number_atoms(struct parser *p, struct ltl_spec *spec, struct ltl *e, int *map)
{
	if (!e || p->failed)
		return;
	if (e->op == LTL_ATOM) {
		if (map[e->atom] < 0) {
			if (spec->natoms == LTL_MAX_ATOMS) {
				fail_at(p, 0, 0,
					"the property has more than %d atoms (%s is one too many)",
					LTL_MAX_ATOMS, p->names[e->atom]);
				return;
			}
			map[e->atom] = spec->natoms;
			spec->atoms[spec->natoms++] = p->names[e->atom];
		}
		e->atom = map[e->atom];
		return;
	}
	number_atoms(p, spec, e->l, map);
	number_atoms(p, spec, e->r, map);
}

int ltl_parse(const char *path, const char *text, struct ltl_spec *spec,
	      char *err, size_t errlen)
{
	struct parser *p = xmalloc(sizeof(*p));
	int path_buf[MAX_DEFS + 1], map[MAX_NAMES];
	int i, rule, ret = -1;

	p->path = path;
	p->err = err;
	p->errlen = errlen;
	memset(spec, 0, sizeof(*spec));
	spec->path = path;
	collect_defs(p, text);
	if (!p->failed && !p->ndefs)
		fail_at(p, 0, 0, "no property: expected a line NAME = FORMULA");
	parse_defs(p);
	/* every definition must resolve, used or not */
	for (i = 0; i < p->ndefs && !p->failed; i++)
		resolve_def(p, i, path_buf, 0);
	if (p->failed)
		goto out;
	rule = find_def(p, "RULE", 4);
	if (rule < 0)
		rule = p->ndefs - 1;
	spec->name = p->defs[rule].name;
	/* resolved definitions share sub-trees: copy the property once more */
	for (i = 0; i < p->ndefs; i++)
		p->defs[i].mark = 0;
	for (i = 0; i < MAX_NAMES; i++)
		map[i] = -1;
	spec->prop = resolve(p, p->defs[rule].resolved, path_buf, 0);
	number_atoms(p, spec, spec->prop, map);
	if (!p->failed)
		ret = 0;
out:
	free(p);
	return ret;
}

int ltl_parse_file(const char *path, struct ltl_spec *spec, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	size_t len = 0, cap = 4096, n;
	char *text;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	text = xmalloc(cap + 1);
	while ((n = fread(text + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			cap *= 2;
			text = realloc(text, cap + 1);
			if (!text) {
				fprintf(stderr, "ltl2ba: out of memory\n");
				exit(1);
			}
		}
	}
	text[len] = '\0';
	if (f != stdin)
		fclose(f);
	if (strlen(text) != len) {
		snprintf(err, errlen, "%s: not a text file (a NUL byte)", path);
		return -1;
	}
	return ltl_parse(path, text, spec, err, errlen);
}

static int prec(enum ltl_op op)
{
	switch (op) {
	case LTL_EQUIV: return 1;
	case LTL_IMPLY: return 2;
	case LTL_OR: return 3;
	case LTL_AND: return 4;
	case LTL_UNTIL: case LTL_RELEASE: return 5;
	default: return 6;
	}
}

static void print_sub(FILE *f, const struct ltl_spec *spec, const struct ltl *e, int min)
{
	if (prec(e->op) < min) {
		fputc('(', f);
		ltl_print(f, spec, e);
		fputc(')', f);
	} else {
		ltl_print(f, spec, e);
	}
}

void ltl_print(FILE *f, const struct ltl_spec *spec, const struct ltl *e)
{
	static const char *const names[] = {
		[LTL_AND] = "and", [LTL_OR] = "or", [LTL_IMPLY] = "imply",
		[LTL_EQUIV] = "equivalent", [LTL_UNTIL] = "until",
		[LTL_RELEASE] = "release", [LTL_NOT] = "not", [LTL_NEXT] = "next",
		[LTL_ALWAYS] = "always", [LTL_EVENTUALLY] = "eventually",
	};
	int p = prec(e->op);

	switch (e->op) {
	case LTL_ATOM:
		fputs(spec->atoms[e->atom], f);
		break;
	case LTL_NATOM:
		fprintf(f, "not %s", spec->atoms[e->atom]);
		break;
	case LTL_TRUE:
		fputs("true", f);
		break;
	case LTL_FALSE:
		fputs("false", f);
		break;
	case LTL_REF:
		fputs("?", f);
		break;
	case LTL_NOT: case LTL_NEXT: case LTL_ALWAYS: case LTL_EVENTUALLY:
		fprintf(f, "%s ", names[e->op]);
		print_sub(f, spec, e->l, p);
		break;
	default:
		/* the negation normal form of always and eventually */
		if (e->op == LTL_RELEASE && e->l->op == LTL_FALSE) {
			fputs("always ", f);
			print_sub(f, spec, e->r, 6);
			break;
		}
		if (e->op == LTL_UNTIL && e->l->op == LTL_TRUE) {
			fputs("eventually ", f);
			print_sub(f, spec, e->r, 6);
			break;
		}
		/* right-associative ones need parentheses on the left, others on the right */
		if (e->op == LTL_UNTIL || e->op == LTL_RELEASE) {
			/* until and release share a level: always in parentheses */
			print_sub(f, spec, e->l, p + 1);
			fprintf(f, " %s ", names[e->op]);
			print_sub(f, spec, e->r, p + 1);
		} else if (e->op == LTL_IMPLY) {
			print_sub(f, spec, e->l, p + 1);
			fprintf(f, " %s ", names[e->op]);
			print_sub(f, spec, e->r, p);
		} else {
			print_sub(f, spec, e->l, p);
			fprintf(f, " %s ", names[e->op]);
			print_sub(f, spec, e->r, p + 1);
		}
	}
}
