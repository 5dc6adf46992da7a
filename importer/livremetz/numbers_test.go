package livremetz

import (
	"reflect"
	"strings"
	"testing"
)

// listOf reads the list of coup numbers right after "voyez" in a one-line text.
func listOf(t *testing.T, text string) numList {
	t.Helper()
	d, _ := buildDoc(CleanLines([]byte(text)))
	p := d.find("voyez", 0)
	if p < 0 {
		t.Fatalf("no anchor in %q", text)
	}
	return d.readList(p, 415)
}

func TestReadListSeparators(t *testing.T) {
	cases := []struct {
		text string
		want []int
	}{
		{"voyez les coups nºs 12, 13, 29 et 40.", []int{12, 13, 29, 40}},
		{"v o y e z l e s c o u p s n o s 1 2 , 1 3 e t 4 0 .", []int{12, 13, 40}},
		{"voyez les nºs 373 à 383: ce dernier", []int{373, 374, 375, 376, 377, 378, 379, 380, 381, 382, 383}},
		{"voyez depuis le nº 83 jusqu'au nº 86, dans", []int{83, 84, 85, 86}},
		{"voyez le coup nº 61); les deux", []int{61}},
		{"voyez les coups 32, 44 et 41).", []int{32, 44, 41}},
	}
	for _, c := range cases {
		l := listOf(t, c.text)
		if !reflect.DeepEqual(l.nums, c.want) {
			t.Errorf("%q: got %v; want %v", c.text, l.nums, c.want)
		}
		if len(l.warnings) != 0 {
			t.Errorf("%q: unexpected warnings %+v", c.text, l.warnings)
		}
	}
}

func TestReadListLineBreakAndPeriod(t *testing.T) {
	// A letter-spaced list running over two lines, with a period read for a
	// comma (a period followed by a blank would end the sentence).
	l := listOf(t, "v o y e z l e s n º s 1 6 2 , 1 6 4 . 1 7 1 ,\n1 7 6 e t 2 0 0 .")
	if want := []int{162, 164, 171, 176, 200}; !reflect.DeepEqual(l.nums, want) {
		t.Errorf("got %v; want %v", l.nums, want)
	}
	if len(l.warnings) != 1 || l.warnings[0].Expected != "a comma" {
		t.Errorf("warnings = %+v; want one about the period", l.warnings)
	}
	if !reflect.DeepEqual(l.lines, []int{1, 1, 1, 2, 2}) {
		t.Errorf("lines = %v", l.lines)
	}
}

func TestMergedNumberSplitUniquely(t *testing.T) {
	// "137154" cannot be a coup number: 137 and 154 lost their comma.
	l := listOf(t, "voyez les nºs 120, 137154, 155 et 166.")
	if want := []int{120, 137, 154, 155, 166}; !reflect.DeepEqual(l.nums, want) {
		t.Errorf("got %v; want %v", l.nums, want)
	}
	if len(l.warnings) != 1 || l.warnings[0].Expected != "137, 154" || !strings.Contains(l.warnings[0].Text, "only reading") {
		t.Errorf("warnings = %+v", l.warnings)
	}
}

func TestMergedNumberAmbiguousKeepsMostEven(t *testing.T) {
	// Between 10 and 300, "1225" reads 12 25 or 122 5? Only 12 25 goes up;
	// between 0 and 400, "1225" reads 1 225 or 12 25, both going up.
	l := listOf(t, "voyez les nºs 1225 et 400.")
	if want := []int{1, 225, 400}; !reflect.DeepEqual(l.nums, want) {
		t.Errorf("got %v; want %v", l.nums, want)
	}
	if len(l.warnings) != 1 || !strings.Contains(l.warnings[0].Text, "several splits fit") {
		t.Errorf("warnings = %+v", l.warnings)
	}
}

func TestMergedNumberNoFitIsDropped(t *testing.T) {
	l := listOf(t, "voyez les nºs 300, 9999 et 301.")
	if want := []int{300, 301}; !reflect.DeepEqual(l.nums, want) {
		t.Errorf("got %v; want %v", l.nums, want)
	}
	if len(l.warnings) != 1 || !strings.Contains(l.warnings[0].Text, "dropped") {
		t.Errorf("warnings = %+v", l.warnings)
	}
}

func TestRunBrokenByOneDigitIsCorrected(t *testing.T) {
	l := listOf(t, "voyez les nºs 384, 383 et 386,")
	if want := []int{384, 385, 386}; !reflect.DeepEqual(l.nums, want) {
		t.Errorf("got %v; want %v", l.nums, want)
	}
	if want := []int{384, 383, 386}; !reflect.DeepEqual(l.printed, want) {
		t.Errorf("printed = %v; want %v", l.printed, want)
	}
	if len(l.warnings) != 1 || l.warnings[0].Expected != "385" {
		t.Errorf("warnings = %+v", l.warnings)
	}
}

func TestOutOfOrderOnPurposeIsKept(t *testing.T) {
	// The book cites 27, 53 and 40 in the order it discusses them.
	l := listOf(t, "voyez coups nºs 27, 53 et 40.")
	if want := []int{27, 53, 40}; !reflect.DeepEqual(l.nums, want) || l.printed != nil || len(l.warnings) != 0 {
		t.Errorf("got %v printed %v warnings %+v", l.nums, l.printed, l.warnings)
	}
}

func TestReadListNothingAfterAnchor(t *testing.T) {
	l := listOf(t, "voyez. Rien ici 12.")
	if len(l.nums) != 0 {
		t.Errorf("got %v; want none", l.nums)
	}
}

func TestFrenchNumbers(t *testing.T) {
	cases := []struct {
		text, before string
		want         int
	}{
		{"Les vingt-deux règles", "règles", 22},
		{"des quatre cent quinze coups", "coups", 415},
		{"on a mis six fins de parties", "fins", 6},
		{"soixante-dix-sept pions", "pions", 77},
		{"quatre-vingt-un coups", "coups", 81},
		{"deux cents cases", "cases", 200},
		{"cent coups", "coups", 100},
		{"plusieurs coups", "coups", 0},
	}
	for _, c := range cases {
		d, _ := buildDoc(CleanLines([]byte(c.text)))
		if got := d.frenchBefore(d.index(c.before, 0)); got != c.want {
			t.Errorf("%q: %d; want %d", c.text, got, c.want)
		}
	}
}
