# Earnings tracker (issue 7): TrackerDataManager merge + rank + route of 10 000 cards from 5 services.
FEATURE_BENCHES += bench-earnings

bench-earnings: release
	.build/release/earnings-bench
