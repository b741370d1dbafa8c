# Out-of-app surfaces (issue 6): the OOA service at city scale.
FEATURE_BENCHES += bench-ooa

bench-ooa: release
	.build/release/ooa-bench
