package livremetz

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// rulesHeading and rulesEnd delimit the rules à la polonaise: the heading
// line of the rules and the heading of the observations that follow them.
const (
	rulesHeading = "RÈGLESDUJEUDEDAMESALAPOLONAISE"
	rulesEnd     = "OBSERVATIONSSURLESRÈGLES"
)

// ruleBlock is the run of lines of one rule.
type ruleBlock struct {
	number int
	lines  []Line
}

// readRules reads the numbered rules (Roman numerals on their own line). A
// numeral the scan lost is recovered when the previous rule holds a heading
// in capitals (`DAME TOUCHÉE DAME JOUÉE.`), which is where the lost rule
// begins; either way it is reported.
func readRules(lines []Line, whole *doc, ix *Index) []RuleText {
	body := rulesSection(lines)
	if body == nil {
		return nil
	}
	blocks := splitRules(body, ix)
	var out []RuleText
	var all []footnote
	for _, b := range blocks {
		d, ns := buildDoc(b.lines)
		all = append(all, ns...)
		out = append(out, RuleText{Number: b.number, Text: cleanText(d, 0, len(d.orig)), Line: b.lines[0].No})
	}
	attachNotes(out, all)
	checkRuleCount(out, whole, ix)
	return out
}

// rulesSection returns the lines between the rules heading and the end heading.
func rulesSection(lines []Line) []Line {
	start := -1
	for i, l := range lines {
		s := squeezeCase(l.Text)
		if start < 0 && s == rulesHeading {
			start = i + 1
		} else if start >= 0 && strings.HasPrefix(s, rulesEnd) {
			return lines[start:i]
		}
	}
	if start < 0 {
		return nil
	}
	return lines[start:]
}

// splitRules cuts the section at the numeral lines.
func splitRules(body []Line, ix *Index) []ruleBlock {
	var blocks []ruleBlock
	for _, l := range body {
		if n, ok := roman(squeezeCase(l.Text)); ok {
			blocks = append(blocks, recoverLost(blocks, n, l.No, ix)...)
			blocks = append(blocks, ruleBlock{number: n})
			continue
		}
		if len(blocks) > 0 {
			blocks[len(blocks)-1].lines = append(blocks[len(blocks)-1].lines, l)
		}
	}
	out := blocks[:0]
	for _, b := range blocks {
		if len(b.lines) > 0 {
			out = append(out, b)
		}
	}
	return out
}

// recoverLost handles a numeral n that skips exactly one number after the
// last rule read: the lost rule starts at the first all-capitals line of the
// previous rule, if it has one. It returns the recovered block, if any, after
// cutting the previous one.
func recoverLost(blocks []ruleBlock, n, line int, ix *Index) []ruleBlock {
	if len(blocks) == 0 {
		return nil
	}
	prev := &blocks[len(blocks)-1]
	if n == prev.number+1 {
		return nil
	}
	lost := prev.number + 1
	if n != prev.number+2 {
		ix.Warnings = append(ix.Warnings, Warning{Line: line, Text: fmt.Sprintf("rule numeral %d follows rule %d", n, prev.number), Expected: strconv.Itoa(prev.number + 1)})
		return nil
	}
	for i, l := range prev.lines {
		if i > 0 && isCapitalsHeading(l.Text) {
			ix.Warnings = append(ix.Warnings, Warning{Line: l.No, Text: fmt.Sprintf("numeral of rule %d missing (lost at a page join)", lost), Expected: fmt.Sprintf("rule %d begins with the heading %q", lost, l.Text)})
			rec := ruleBlock{number: lost, lines: prev.lines[i:]}
			prev.lines = prev.lines[:i]
			return []ruleBlock{rec}
		}
	}
	ix.Warnings = append(ix.Warnings, Warning{Line: line, Text: fmt.Sprintf("numeral of rule %d missing; its text could not be told from rule %d", lost, prev.number), Expected: "rule " + strconv.Itoa(lost)})
	return nil
}

// isCapitalsHeading reports a line whose letters are all capitals (at least six).
func isCapitalsHeading(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if !unicode.IsUpper(r) {
				return false
			}
			letters++
		}
	}
	return letters >= 6
}

// roman parses a Roman numeral written alone on a line.
func roman(s string) (int, bool) {
	if s == "" || len(s) > 8 {
		return 0, false
	}
	val := map[rune]int{'I': 1, 'V': 5, 'X': 10, 'L': 50}
	total := 0
	rs := []rune(s)
	for i, r := range rs {
		v, ok := val[r]
		if !ok {
			return 0, false
		}
		if i+1 < len(rs) && val[rs[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total, total > 0 && toRoman(total) == s
}

func toRoman(n int) string {
	var b strings.Builder
	for _, p := range []struct {
		v int
		s string
	}{{50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}

// attachNotes gives each footnote to the rule whose text carries its call
// mark (`(1)`): a note is printed at the foot of the page, often under a
// later rule than the one that calls it.
func attachNotes(rules []RuleText, notes []footnote) {
	for _, n := range notes {
		mark := n.Text[:strings.IndexByte(n.Text, ')')+1]
		best := -1
		for i, r := range rules {
			if r.Line <= n.Line && strings.Contains(r.Text, mark) {
				best = i
			}
		}
		if best < 0 {
			for i, r := range rules {
				if r.Line <= n.Line {
					best = i
				}
			}
		}
		if best >= 0 {
			rules[best].Notes = append(rules[best].Notes, Segment(n.Text))
		}
	}
}

// checkRuleCount compares the rules read with the count the text announces
// (`Les vingt-deux règles que l'on présente ici`).
func checkRuleCount(rules []RuleText, d *doc, ix *Index) {
	want := 0
	if p := d.index("règlesquel'onprésente", 0); p >= 0 {
		want = d.frenchBefore(p)
	}
	for i, r := range rules {
		if r.Number != i+1 {
			ix.Warnings = append(ix.Warnings, Warning{Line: r.Line, Text: fmt.Sprintf("rule %d read in place %d", r.Number, i+1), Expected: strconv.Itoa(i + 1)})
			break
		}
	}
	if want > 0 && len(rules) != want {
		ix.Warnings = append(ix.Warnings, Warning{Text: fmt.Sprintf("%d rules read", len(rules)), Expected: fmt.Sprintf("%d, as the text announces", want)})
	}
}
