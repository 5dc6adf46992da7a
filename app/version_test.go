package app

import "testing"

// The Makefile's stamp stands in for Go's VCS stamp, which go test does
// not record: with it set, the commit is the stamp, never "unknown".
func TestStampedCommit(t *testing.T) {
	defer func(s string) { stampedCommit = s }(stampedCommit)
	stampedCommit = ""
	if v := ReadVersion(); v.Commit != "unknown" || v.Go == "" {
		t.Fatalf("unstamped test binary: %+v, want commit unknown", v)
	}
	stampedCommit = "0123456789ab"
	if v := ReadVersion(); v.Commit != "0123456789ab" {
		t.Fatalf("stamped: %+v", v)
	}
}
