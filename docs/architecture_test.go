// Package docs holds no code: its test checks that architecture.md says
// what the module is, so that the page cannot drift from the packages.
package docs

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
)

const module = "metz/"

// pkg is what `go list -json` says of one package, the fields read here.
type pkg struct {
	ImportPath string
	Imports    []string
}

// listPackages runs `go list` over the module, the source of truth.
func listPackages(t *testing.T) map[string][]string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH: the architecture page is checked where one is")
	}
	cmd := exec.Command(goBin, "list", "-json", "../...")
	out, err := cmd.Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			t.Fatalf("go list: %v\n%s", err, ee.Stderr)
		}
		t.Fatalf("go list: %v", err)
	}
	pkgs := map[string][]string{}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("reading go list's output: %v", err)
		}
		var own []string
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				own = append(own, strings.TrimPrefix(imp, module))
			}
		}
		pkgs[strings.TrimPrefix(p.ImportPath, module)] = own
	}
	return pkgs
}

// documented reads the package names of architecture.md's table: the
// first cell of each row, in backquotes.
func documented(t *testing.T) map[string]int {
	t.Helper()
	f, err := os.Open("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile("^\\| `([a-z0-9/]+)` \\|")
	names := map[string]int{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if m := row.FindStringSubmatch(sc.Text()); m != nil {
			names[m[1]] = n
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return names
}

// The page names every package of the module, and no package that is gone.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	pkgs := listPackages(t)
	names := documented(t)
	for p := range pkgs {
		if p == "docs" {
			continue
		}
		if _, ok := names[p]; !ok {
			t.Errorf("package %s is not in docs/architecture.md's table", p)
		}
	}
	for name, line := range names {
		if _, ok := pkgs[name]; !ok {
			t.Errorf("architecture.md:%d names package %s, which go list does not know", line, name)
		}
	}
}

// A layer rule: the packages matching from import none matching to.
type layerRule struct {
	from, to []string // package names; "x/..." matches x and below
	why      string
}

var layerRules = []layerRule{
	{[]string{"draughts/..."}, []string{"problems/...", "solver", "importer/...", "db", "app", "export", "web", "cmd/...", "tables/...", "sources"},
		"the rules engine knows nothing of books, proofs or SQL"},
	{[]string{"problems/...", "verdict"}, []string{"solver", "importer/...", "db", "app", "export", "web", "cmd/...", "tables/..."},
		"the model sits below every use of it"},
	{[]string{"solver"}, []string{"importer/...", "sources", "problems/booknotation", "db", "app", "export", "web", "cmd/..."},
		"the solver knows nothing of French or of storage"},
	{[]string{"importer/..."}, []string{"solver", "db", "app", "export", "web", "cmd/...", "tables/..."},
		"the importer never decides a verdict"},
	{[]string{"export"}, []string{"solver", "importer/...", "db", "app", "web", "cmd/..."},
		"export writes what it is given"},
	{[]string{"db"}, []string{"solver", "importer/...", "app", "export", "web", "cmd/...", "tables/..."},
		"storage stores"},
	{[]string{"app"}, []string{"web", "cmd/...", "queue"},
		"the use cases know no front end, nor the queue that runs them"},
	{[]string{"queue"}, []string{"web", "cmd/...", "db", "solver", "tables/..."},
		"the job queue runs app's use cases, nothing below them"},
	{[]string{"web", "cmd/..."}, []string{"db", "solver", "tables/..."},
		"the front ends parse, call app and print"},
}

// pending are the imports that break a rule today and are being moved
// away; the test fails when one is gone, so that the list only shrinks.
var pending = map[string]bool{}

func matches(pats []string, name string) bool {
	for _, p := range pats {
		if base, ok := strings.CutSuffix(p, "/..."); ok {
			if name == base || strings.HasPrefix(name, base+"/") {
				return true
			}
		} else if name == p {
			return true
		}
	}
	return false
}

// Every package keeps to the layers the page states.
func TestLayers(t *testing.T) {
	pkgs := listPackages(t)
	seen := map[string]bool{}
	var names []string
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, from := range names {
		for _, imp := range pkgs[from] {
			for _, r := range layerRules {
				if !matches(r.from, from) || !matches(r.to, imp) {
					continue
				}
				edge := from + " -> " + imp
				if pending[edge] {
					seen[edge] = true
					continue
				}
				t.Errorf("%s imports %s: %s", from, imp, r.why)
			}
		}
	}
	for edge := range pending {
		if !seen[edge] {
			t.Errorf("%s no longer breaks a layer: remove it from pending", edge)
		}
	}
}
