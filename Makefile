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
# four pieces (built once, about 47 MB in the default directory; later runs
# read them), verify with eight times the default node budget and four times
# its memory (the hard problems need it), report. cmd/metz quotes this budget
# after unproven verdicts (reportBudget; a test keeps the two equal).
REPORT_BUDGET ?= 40M-nodes,120s,256MB
report: build
	./metz import && ./metz endgame build --pieces 4 && ./metz verify --all --budget $(REPORT_BUDGET) && ./metz report

# Endgame tables up to 5 pieces (about 8 minutes and 1.9 GB), then the
# check of the books' endgame claims.
# They go to the default directory, where verify and solve find them.
endgame: build
	./metz endgame build --pieces 5 && ./metz endgame claims

clean:
	rm -f metz metz.db metz.db-wal metz.db-shm
