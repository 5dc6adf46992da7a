# metz — common tasks. `make test` is what CI runs (.ci/run).
GO      ?= go
PKGS    := ./...
FUZZTIME ?= 20s

.PHONY: all build test test-short bench fuzz vet report endgame clean

all: build

build:
	$(GO) build -o metz ./cmd/metz

# The test command of the README and of CI: formatting and vet first.
GOFMT ?= $(shell $(GO) env GOROOT)/bin/gofmt
test:
	@out=$$($(GOFMT) -l .); if [ -n "$$out" ]; then echo "not gofmt'd (run gofmt -w):"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) test -timeout 30m $(PKGS)
	# The parallel verification and the in-memory tables built from
	# several searches at once, under the race detector.
	$(GO) test -race -run '^(TestCoresEach|TestForkAbsorb|TestParallelSameReport)$$' ./solver
	$(GO) test -race -run '^TestConcurrentBuilds$$' ./retro

test-short:
	$(GO) test -short $(PKGS)

# Benchmarks, one core, as the README quotes them.
bench:
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench . -benchtime 1x -timeout 60m $(PKGS)

# Run every fuzz target for FUZZTIME each.
fuzz:
	@for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list 'Fuzz.*' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

vet:
	$(GO) vet $(PKGS)

# The main job on the bundled books: import, the endgame tables of up to
# REPORT_PIECES pieces (built once in the default directory, later runs
# read them: five pieces take about 8 minutes on 2 cores, 1.9 GB of disk
# and 2.4 GB of memory, and settle the king endings the problems end in,
# each problem then verified in under a second; four take half a minute
# and 47 MB, and leave two problems to the larger budget), verify, report.
# The budget is eight times the default nodes and four times its memory,
# for problems the tables do not cut short.
# A build that fails (no room on the disk, say: endgame build refuses one
# that would not fit) does not stop the report: the 4-piece tables are
# tried instead, and verify reads the tables there are.
REPORT_PIECES ?= 5
REPORT_BUDGET ?= 40M-nodes,120s,256MB
report: build
	./metz import && \
	{ ./metz endgame build --pieces $(REPORT_PIECES) || \
	  { echo "make report: the $(REPORT_PIECES)-piece tables were not built (see above); trying 4 pieces" >&2 && ./metz endgame build --pieces 4; } || \
	  echo "make report: no endgame tables built; verifying with the tables there are" >&2; } && \
	./metz verify --all --budget $(REPORT_BUDGET) && ./metz report

# Endgame tables up to 5 pieces (about 8 minutes and 1.9 GB, or read if
# make report built them), then the check of the books' endgame claims.
# They go to the default directory, where verify and solve find them.
endgame: build
	./metz endgame build --pieces 5 && ./metz endgame claims

clean:
	rm -f metz metz.db metz.db-wal metz.db-shm
