package main

import (
	"embed"
	"strings"

	"github.com/spf13/cobra"

	"metz/verdict"
)

// The long help of the commands is text, kept in help/NAME.txt: the
// description, then after a line "Examples:" the examples. {{filters}}
// stands for help/filters.txt (the search filters), {{rules}} for the
// rule systems' names and {{verdicts}} for the verdicts'.
//
//go:embed help/*.txt
var helpFiles embed.FS

// withHelp gives c the long help and examples of help/name.txt.
func withHelp(c *cobra.Command, name string) *cobra.Command {
	c.Long, c.Example = helpText(name)
	return c
}

func helpText(name string) (long, example string) {
	data, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("metz: no help text " + name) // a build without its help files
	}
	text := strings.NewReplacer("{{rules}}", joinNames(), "{{filters}}", filtersHelp(),
		"{{verdicts}}", verdict.Names(", ", ", ")).Replace(string(data))
	long, example, _ = strings.Cut(text, "\nExamples:\n")
	return strings.TrimRight(long, "\n"), strings.TrimRight(example, "\n")
}

func filtersHelp() string {
	data, _ := helpFiles.ReadFile("help/filters.txt")
	return strings.TrimRight(string(data), "\n")
}
