# Targets for people; CI runs .ci/run.
GO ?= go

.PHONY: all build test generate bench pgo fuzz clean

all: build test

# No cgo: the binaries are static and start faster (see the README).
build:
	CGO_ENABLED=0 $(GO) build -o bin/ ./cmd/...

test:
	$(GO) test ./...

generate:
	$(GO) generate ./...

# The bench script builds the commands, makes its inputs with a fixed seed
# and prints the figures side by side.
bench:
	bash bench/bench.sh

# The CPU profiles go build optimizes solve and judge with (default.pgo
# beside each main package): the bench's judge-file workloads, run again
# after a change to the hot paths (see the README).
pgo:
	$(GO) run ./bench/pgo -o cmd/solve/default.pgo
	cp cmd/solve/default.pgo cmd/judge/default.pgo

fuzz:
	$(GO) test ./board -run XXX -fuzz "FuzzParse$$" -fuzztime 30s
	$(GO) test ./board -run XXX -fuzz FuzzParseLine -fuzztime 30s
	$(GO) test ./board -run XXX -fuzz FuzzParseLarge -fuzztime 30s
	$(GO) test ./internal/format -run XXX -fuzz FuzzReader -fuzztime 30s
	$(GO) test ./internal/batch -run XXX -fuzz FuzzBlocksAgree -fuzztime 30s
	$(GO) test ./internal/batch -run XXX -fuzz FuzzPairBlocks -fuzztime 30s
	$(GO) test ./internal/format -run XXX -fuzz FuzzBlocksAgree -fuzztime 30s
	$(GO) test ./internal/format -run XXX -fuzz FuzzIsolation -fuzztime 30s
	$(GO) test ./internal/format -run XXX -fuzz FuzzArgs -fuzztime 30s
	$(GO) test ./internal/format -run XXX -fuzz FuzzCount -fuzztime 30s
	$(GO) test ./internal/format -run XXX -fuzz FuzzLineFault -fuzztime 30s
	$(GO) test . -run XXX -fuzz FuzzFrontDoor -fuzztime 30s
	$(GO) test ./internal/apifuzz -run XXX -fuzz FuzzAPI -fuzztime 30s
	$(GO) test ./internal/apifuzz -run XXX -fuzz FuzzSearch -fuzztime 30s
	$(GO) test ./internal/web -run XXX -fuzz FuzzSolve -fuzztime 30s

clean:
	rm -rf bin bench/out
