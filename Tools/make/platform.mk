# The city simulation (issue 8) at scale: events/s, peak RSS, replay time from snapshots.
FEATURE_BENCHES += bench-platform

.PHONY: bench-platform
bench-platform: release
	./Tools/bench-platform.sh

# A design measurement, not a target: a row per event against blocks of many per row.
.PHONY: bench-log-layout
bench-log-layout: release
	./Tools/bench-log-layout.sh
