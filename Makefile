# MobilePlatform — set-up, build, test, simulate, bench.
# Every target installs the missing system packages first (apt-get, as root or via sudo).

SYSTEM_PACKAGES := libsqlite3-dev libzstd-dev pkg-config sqlite3 zstd
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
SWIFT ?= swift
LOG ?= demo.sqlite

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

# Until the city simulation lands: a demo that writes a log, snapshots it and replays it.
simulate: release
	rm -f $(LOG) $(LOG)-wal $(LOG)-shm
	.build/release/platform demo --log $(LOG)
	.build/release/eventlog verify $(LOG)
	.build/release/eventlog info $(LOG)

# Benchmarks in a release build; see README "Benchmarks".
# Each feature adds its benchmark target to FEATURE_BENCHES in Tools/make/<feature>.mk.
FEATURE_BENCHES :=
-include Tools/make/*.mk

bench: release bench-eventlog $(FEATURE_BENCHES)

bench-eventlog: release
	./Tools/bench.sh

clean:
	rm -rf .build
