# metz — common tasks. `make test` is what CI runs (.ci/run).
GO      ?= go
PKGS    := ./...
FUZZTIME ?= 20s
# x86-64-v2 (POPCNT, SSE4.2: every x86-64 processor since 2009) for the
# bitboards' bit counts: 6-12 % fewer instructions in perft than Go's
# default v1 (docs/perft.md). GOAMD64=v1 make build for an older machine.
GOAMD64 ?= v2
export GOAMD64

.PHONY: all build test test-short bench fuzz vet report endgame clean

all: build

# The commit is stamped by hand too, for when Go's VCS stamping is off.
COMMIT  ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)
build:
	$(GO) build -ldflags "-X metz/app.stampedCommit=$(COMMIT)" -o metz ./cmd/metz

# The test command of the README and of CI: formatting and vet first.
GOFMT ?= $(shell $(GO) env GOROOT)/bin/gofmt
test:
	@out=$$($(GOFMT) -l .); if [ -n "$$out" ]; then echo "not gofmt'd (run gofmt -w):"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) test -timeout 30m $(PKGS)
	# The suites that touch the database once more, on PostgreSQL (a
	# throwaway server of their own, internal/pgtest; they skip, one line
	# each, where no PostgreSQL server is installed).
	METZ_TEST_DB=postgres $(GO) test -timeout 30m ./db ./app ./web ./queue
	# The parallel verification and the in-memory tables built from
	# several searches at once, under the race detector.
	$(GO) test -race -timeout 30m -run '^(TestCoresEach|TestForkAbsorb|TestParallelSameReport)$$' ./solver
	$(GO) test -race -timeout 30m -run '^TestConcurrentBuilds$$' ./tables/generic

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
# read them), verify, report. Four pieces take seconds and 47 MB, and with
# the report's budget every bundled problem gets the verdict the 5-piece
# tables give (III and IV in about 7 M and 6 M nodes instead of 0.5-0.9 M):
# the first report comes in about a minute and a half from a fresh clone,
# most of it compiling. The 5-piece tables (make endgame, or
# REPORT_PIECES=5; see docs/tables-build.md for their time and memory)
# settle the king endings at once, and the default budget then proves
# every Van Tenac problem too.
# The budget is eight times the default nodes and four times its memory,
# for problems the tables do not cut short.
# A build that fails (no room on the disk, say: endgame build refuses one
# that would not fit) does not stop the report: the 4-piece tables are
# tried instead, and verify reads the tables there are.
REPORT_PIECES ?= 4
REPORT_BUDGET ?= 40M-nodes,120s,256MB
report: build
	./metz import && \
	{ ./metz endgame build --pieces $(REPORT_PIECES) || \
	  { echo "make report: the $(REPORT_PIECES)-piece tables were not built (see above); trying 4 pieces" >&2 && ./metz endgame build --pieces 4; } || \
	  echo "make report: no endgame tables built; verifying with the tables there are" >&2; } && \
	./metz verify --all --budget $(REPORT_BUDGET) && ./metz report && \
	{ [ $(REPORT_PIECES) -ge 5 ] || echo "make report: verified with the $(REPORT_PIECES)-piece tables; make endgame builds the 5-piece ones (docs/tables-build.md), with which verify settles the king endings at once" >&2; }

# Endgame tables up to PIECES pieces, 5 by default (docs/tables-build.md
# gives the time, memory and disk; read if already built), then the check
# of the books' endgame claims. They go to the default directory, where
# verify and solve find them, or to TABLES. PIECES=6 adds the 6-piece
# tables (win/draw/loss only, 11.7 GB; hours of CPU: see the doc).
PIECES ?= 5
TABLES ?=
endgame: build
	./metz endgame build --pieces $(PIECES) $(if $(TABLES),--tables $(TABLES)) && \
	./metz endgame claims $(if $(TABLES),--tables $(TABLES))

clean:
	rm -f metz metz.db metz.db-wal metz.db-shm
