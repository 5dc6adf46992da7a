package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/spf13/cobra"

	"metz/app"
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

func printVersion(s *IOStreams) error {
	v := app.ReadVersion()
	if s.JSON {
		return s.WriteJSON(v)
	}
	commit := v.Commit
	if v.Modified {
		commit += " (modified)"
	}
	fmt.Fprintf(s.Out, "metz %s, commit %s, %s\n", v.Version, commit, v.Go)
	return nil
}
