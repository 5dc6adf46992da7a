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

// ReadVersion reads it.
func ReadVersion() BuildVersion {
	v := BuildVersion{Version: "unknown", Commit: "unknown", Go: runtime.Version()}
	info, ok := debug.ReadBuildInfo()
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
