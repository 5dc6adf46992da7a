package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"

	"github.com/spf13/cobra"

	"metz/internal/textout"
)

// The JSON convention (docs/cli.md): under --json a command prints one
// JSON document on standard output — an object or an array, never a
// stream of lines — and nothing else there; an error is one JSON object
// {"error": "..."} on standard error, with exit status 1.

// writeJSON prints v as the command's one JSON document.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// jsonError is an error as --json prints it.
type jsonError struct {
	Error   string `json:"error"`
	Command string `json:"command,omitempty"`
}

// printError prints a command's error on w: as JSON under --json (read
// from the arguments when the flags could not be parsed), else as text.
func printError(w io.Writer, cmd *cobra.Command, args []string, err error) {
	wantJSON := slices.Contains(args, "--json")
	name := "metz"
	if cmd != nil {
		if v, ferr := cmd.Flags().GetBool("json"); ferr == nil && cmd.Flags().Changed("json") {
			wantJSON = v
		}
		name = cmd.CommandPath()
	}
	if wantJSON {
		_ = writeJSON(w, jsonError{Error: err.Error(), Command: name})
		return
	}
	fmt.Fprintln(w, "metz:", err)
}

// buildVersion is metz's module version and VCS commit as the binary
// records them; "unknown" where it does not (a build with -buildvcs=false,
// or go run).
type buildVersion struct {
	Version  string `json:"version"`
	Commit   string `json:"commit"`
	Time     string `json:"commit_time,omitempty"`
	Modified bool   `json:"modified"`
	Go       string `json:"go"`
}

func readVersion() buildVersion {
	v := buildVersion{Version: "unknown", Commit: "unknown", Go: runtime.Version()}
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

func printVersion(cmd *cobra.Command) error {
	v := readVersion()
	if globalsOf(cmd).json {
		return writeJSON(cmd.OutOrStdout(), v)
	}
	commit := v.Commit
	if v.Modified {
		commit += " (modified)"
	}
	fmt.Fprintf(cmd.OutOrStdout(), "metz %s, commit %s, %s\n", v.Version, commit, v.Go)
	return nil
}

// printNote prints a sentence under a table, wrapped to width.
func printNote(w io.Writer, width int, text string) { textout.Note(w, width, text) }
