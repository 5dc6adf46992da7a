package app

import (
	"runtime"
	"runtime/debug"
)

// BuildVersion is metz's module version and VCS commit as the binary
// records them; "unknown" where it does not (a build with -buildvcs=false,
// or go run).
type BuildVersion struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Time     string `json:"commit_time,omitempty"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
}

// stampedCommit is the commit the Makefile passes with -ldflags -X, for
// builds where Go's own VCS stamping is off (GOFLAGS=-buildvcs=false, as
// on machines whose checkout git will not read for another user).
var stampedCommit string

// ReadVersion reads it: Go's VCS stamp first, else the Makefile's.
func ReadVersion() BuildVersion {
	v := BuildVersion{Version: "unknown", Commit: "unknown", Go: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
	if stampedCommit != "" {
		v.Commit = stampedCommit
	}
	if !ok {
		return v
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version // "(devel)" for a build from a checkout
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}
