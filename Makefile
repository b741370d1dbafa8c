# MobilePlatform — set-up, build, test, simulate, bench.
# Every target installs the missing system packages first (apt-get, as root or via sudo).

SYSTEM_PACKAGES := libjemalloc-dev libsqlite3-dev libzstd-dev pkg-config sqlite3 zstd
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
SWIFT ?= swift
LOG ?= simulation.sqlite

.PHONY: deps build release test simulate bench bench-eventlog clean

deps:
	@missing=""; for p in $(SYSTEM_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: build
	$(SWIFT) test --disable-swift-testing

# The main job: the deterministic city simulation into $(LOG), its report, and a check of the log.
simulate: release
	rm -f $(LOG) $(LOG)-wal $(LOG)-shm
	.build/release/platform simulate --log $(LOG) --report simulation-report.json
	.build/release/eventlog verify $(LOG)

# Benchmarks in a release build; see README "Benchmarks".
# Each feature adds its benchmark target to FEATURE_BENCHES in Tools/make/<feature>.mk.
FEATURE_BENCHES :=
-include Tools/make/*.mk

bench: release bench-eventlog $(FEATURE_BENCHES)

bench-eventlog: release
	./Tools/bench.sh

clean:
	rm -rf .build
