# ActionCards benchmark (issue 5): decode + render of a 200-card screen, a 50-step membership session.
FEATURE_BENCHES += bench-actioncards

.PHONY: bench-actioncards
bench-actioncards: release
	.build/release/actioncards-bench fixtures/actioncards/membership
