// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the constraints of hybrid automata (include/rv/ha_model.h):
 * how a guard or an invariant compares a clock with its bound.
 */
#include <kunit/test.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <rv/ha_model.h>

/*
 * Each comparison at its boundary: one below, at and one above a bound,
 * and at the ends of the clock's range. Written out by hand, not derived.
 */
static void rv_ha_compare_boundaries(struct kunit *test)
{
	static const struct {
		enum ha_op op;
		u64 bound;
		bool below, at, above;
	} cases[] = {
		{ HA_LT, 10, true, false, false },
		{ HA_LE, 10, true, true, false },
		{ HA_GT, 10, false, false, true },
		{ HA_GE, 10, false, true, true },
		{ HA_EQ, 10, false, true, false },
		{ HA_NE, 10, true, false, true },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		u64 bound = cases[i].bound;
		const char *op = ha_op_text(cases[i].op);

		KUNIT_EXPECT_EQ_MSG(test, ha_compare(bound - 1, cases[i].op, bound),
				    cases[i].below, "%llu %s %llu", bound - 1, op, bound);
		KUNIT_EXPECT_EQ_MSG(test, ha_compare(bound, cases[i].op, bound),
				    cases[i].at, "%llu %s %llu", bound, op, bound);
		KUNIT_EXPECT_EQ_MSG(test, ha_compare(bound + 1, cases[i].op, bound),
				    cases[i].above, "%llu %s %llu", bound + 1, op, bound);
	}
	KUNIT_EXPECT_FALSE(test, ha_compare(0, HA_LT, 0));
	KUNIT_EXPECT_TRUE(test, ha_compare(0, HA_LE, 0));
	KUNIT_EXPECT_FALSE(test, ha_compare(U64_MAX, HA_LT, U64_MAX));
	KUNIT_EXPECT_TRUE(test, ha_compare(U64_MAX, HA_GE, U64_MAX));
	KUNIT_EXPECT_TRUE(test, ha_compare(U64_MAX - 1, HA_LT, U64_MAX));
}

/* A bound is its constant, or its parameter read each time, scaled. */
static void rv_ha_bounds(struct kunit *test)
{
	u64 param = 25;
	struct ha_constraint constant = { .op = HA_LT, .bound = 7 };
	struct ha_constraint named = { .op = HA_LT, .param = &param, .scale = 1000 };

	KUNIT_EXPECT_EQ(test, ha_bound(&constant), 7ULL);
	KUNIT_EXPECT_EQ(test, ha_bound(&named), 25000ULL);
	param = 4;
	KUNIT_EXPECT_EQ(test, ha_bound(&named), 4000ULL);
	/* a parameter too large for the clock's unit saturates, never wraps */
	param = U64_MAX / 1000 + 1;
	KUNIT_EXPECT_EQ(test, ha_bound(&named), U64_MAX);
	KUNIT_EXPECT_STREQ(test, ha_op_text(HA_LE), "<=");
	KUNIT_EXPECT_STREQ(test, ha_op_text(HA_NE), "!=");
}

static struct kunit_case rv_ha_cases[] = {
	KUNIT_CASE(rv_ha_compare_boundaries),
	KUNIT_CASE(rv_ha_bounds),
	{}
};

static struct kunit_suite rv_ha_suite = {
	.name = "rv_ha_model",
	.test_cases = rv_ha_cases,
};

kunit_test_suite(rv_ha_suite);
