# The city simulation (issue 8) at scale: events/s, peak RSS, replay time from snapshots.
FEATURE_BENCHES += bench-platform

.PHONY: bench-platform
bench-platform: release
	./Tools/bench-platform.sh
