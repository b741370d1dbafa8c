# Onboarding (issue 3): round trips per onboarding with batching on/off, and the cost of driving one.
FEATURE_BENCHES += bench-onboarding

.PHONY: bench-onboarding
bench-onboarding: release
	.build/release/onboarding-bench
