package textout

import (
	"fmt"
	"io"
	"strings"

	"metz/app"
	"metz/trictrac/guiton"
)

// Trictrac prints Guiton's treatise checked: the summary, the
// disagreements with the throws that make them, every claim read, the
// unread ones with the reason, and the rules of thumb.
func Trictrac(w io.Writer, r *app.TrictracReport) error {
	width := termWidth(w)
	s := r.Summary
	Note(w, width, fmt.Sprintf("%s: %d counts of chances stated; read %d (agree %d, disagree %d, of which %d quoted by the treatise to refute them), unread %d.",
		r.File, s.Claims, s.Read, s.Agree, s.Disagree, s.Refuted, s.Unread))
	if s.Disagree > 0 {
		fmt.Fprintln(w, "\nDisagreements")
		for _, c := range r.Claims {
			if c.Status() == "disagree" {
				disagreement(w, c, width)
			}
		}
	}
	fmt.Fprintln(w, "\nClaims read")
	t := newTable("where", "game", "kind", "numbers", "count", "wording")
	t.Flex, t.Wrap = 5, true
	for _, c := range r.Claims {
		if c.Status() == "unread" {
			continue
		}
		count := fmt.Sprint(*c.Computed)
		if c.Status() == "disagree" {
			count = stated(c) + "≠" + count
		}
		t.Add(where(c.Chapter, c.Line), c.Game, c.Kind, ints(c.Numbers), count, c.Wording)
	}
	if err := t.Render(w, width); err != nil {
		return err
	}
	if s.Unread > 0 {
		fmt.Fprintln(w, "\nUnread")
		u := newTable("where", "wording", "why")
		u.Flex, u.Wrap = 2, true
		for _, c := range r.Claims {
			if c.Status() == "unread" {
				u.Add(where(c.Chapter, c.Line), c.Wording, c.Unread)
			}
		}
		if err := u.Render(w, width); err != nil {
			return err
		}
	}
	return trictracRules(w, r, width)
}

// disagreement prints one claim the count does not bear out.
func disagreement(w io.Writer, c guiton.Claim, width int) {
	who := ""
	if c.Voice == guiton.VoiceRefuted {
		who = " — quoted by the treatise to refute it"
	}
	fmt.Fprintf(w, "  %s, line %d%s\n", c.Chapter, c.Line, who)
	fmt.Fprintln(w, Wrap(fmt.Sprintf("%q: %s, %s", c.Wording, c.Game, c.Situation), width, "    "))
	fmt.Fprintln(w, Wrap(fmt.Sprintf("stated %s, counted %d: %s", stated(c), *c.Computed, c.Difference), width, "    "))
}

// where is a place in the treatise: its chapter and line ("II 262",
// "Bg IV 9613" in the Backgammon treatise).
func where(chapter string, line int) string {
	return strings.Replace(chapter, "Backgammon", "Bg", 1) + " " + fmt.Sprint(line)
}

func stated(c guiton.Claim) string {
	if c.StatedUpTo > 0 {
		return fmt.Sprintf("%d-%d", c.Stated, c.StatedUpTo)
	}
	return fmt.Sprint(c.Stated)
}

func ints(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, " ")
}

// trictracRules prints each rule of thumb with its cases and the ones
// where rule and count differ.
func trictracRules(w io.Writer, r *app.TrictracReport, width int) error {
	fmt.Fprintln(w, "\nRules of thumb, each on every case it covers")
	t := newTable("rule", "game", "where", "cases", "agree", "differ")
	for _, rule := range r.Rules {
		place := "-"
		if rule.Line > 0 {
			place = where(rule.Chapter, rule.Line)
		}
		t.Add(rule.Key, rule.Game, place, len(rule.Cases), rule.Agreeing(), len(rule.Disagreements()))
	}
	if err := t.Render(w, width); err != nil {
		return err
	}
	for _, rule := range r.Rules {
		d := rule.Disagreements()
		if len(d) == 0 {
			continue
		}
		fmt.Fprintln(w)
		fmt.Fprintln(w, Wrap(fmt.Sprintf("%s (%s): %s", rule.Key, rule.Game, rule.Says), width, ""))
		if rule.Note != "" {
			fmt.Fprintln(w, Wrap(rule.Note, width, "  "))
		}
		const shown = 8
		for i, c := range d {
			if i == shown {
				fmt.Fprintf(w, "  ... and %d more cases (--json lists them all)\n", len(d)-shown)
				break
			}
			what := c.Case
			if what == "" {
				what = ints(c.Numbers)
			}
			fmt.Fprintln(w, Wrap(fmt.Sprintf("%s: rule %d, count %d (%s)", what, c.Rule, c.Exact, strings.Join(c.Throws, " ")), width, "  "))
		}
	}
	return nil
}
