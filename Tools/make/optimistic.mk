# Optimistic sync (issue 4): transforms per second with 1 000 pending, rebase cost with 100 pending.
FEATURE_BENCHES += bench-optimistic

bench-optimistic: release
	.build/release/optimistic-bench
