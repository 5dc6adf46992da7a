package guiton

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"metz/sources"
	"metz/trictrac"
)

var (
	bundledOnce   sync.Once
	bundledClaims []Claim
)

// bundled is the claims of the bundled treatise, read once for the tests.
func bundled(t *testing.T) []Claim {
	t.Helper()
	bundledOnce.Do(func() {
		data, err := sources.Read(sources.Trictrac)
		if err != nil {
			t.Fatal(err)
		}
		bundledClaims = Read(data)
	})
	return slices.Clone(bundledClaims)
}

// find is the claim of a line whose wording holds words, or fails.
func find(t *testing.T, claims []Claim, line int, words string) Claim {
	t.Helper()
	for _, c := range claims {
		if c.Line == line && strings.Contains(c.Wording, words) {
			return c
		}
	}
	t.Fatalf("no claim %q at line %d", words, line)
	return Claim{}
}

// TestBundledSummary: at least 40 claims read from the two treatises,
// each with a computed count; every unread one says why.
func TestBundledSummary(t *testing.T) {
	claims := bundled(t)
	s := Summarize(claims)
	if s.Read < 40 || s.Read != s.Agree+s.Disagree || s.Claims != s.Read+s.Unread {
		t.Fatalf("summary %+v", s)
	}
	games := map[string]int{}
	for _, c := range claims {
		switch c.Status() {
		case "unread":
			if c.Unread == "" {
				t.Errorf("line %d %q: unread without a reason", c.Line, c.Wording)
			}
		default:
			games[c.Game]++
			if c.Computed == nil || c.Situation == "" || c.Kind == "" {
				t.Errorf("line %d %q: read without a count or a situation: %+v", c.Line, c.Wording, c)
			}
		}
		if c.Line < 1 || c.Chapter == "" || c.Text == "" || c.Wording == "" {
			t.Errorf("claim without its place or words: %+v", c)
		}
	}
	if games["trictrac"] < 30 || games["backgammon"] < 10 {
		t.Errorf("claims read by game: %v", games)
	}
}

// TestPredecessorErrors: the three errors the treatise charges "le grand
// Trictrac" with are reproduced — 3 and 2 give 21 chances, not 25; 6 and
// 5 give 27, not 31; no three numbers give 44, all of them together 36.
func TestPredecessorErrors(t *testing.T) {
	claims := bundled(t)
	for _, c := range []struct {
		words            string
		stated, computed int
		voice            string
	}{
		{"vingt-cinq", 25, 21, VoiceRefuted}, {"vingt et une", 21, 21, VoiceTreatise},
		{"trente et une", 31, 27, VoiceRefuted}, {"vingt-sept", 27, 27, VoiceTreatise},
		{"quarante - quatre", 44, 33, VoiceRefuted}, {"trente-six", 36, 36, VoiceTreatise},
	} {
		got := find(t, claims, 67, c.words)
		if got.Stated != c.stated || got.Computed == nil || *got.Computed != c.computed || got.Voice != c.voice {
			t.Errorf("%q: %+v", c.words, got)
		}
	}
	if c := find(t, claims, 67, "quarante"); c.Status() != "disagree" || !strings.Contains(c.Difference, "36 chances in all") {
		t.Errorf("44: %+v", c)
	}
}

// TestBundledClaims: claims of every kind, as the reader reads them.
func TestBundledClaims(t *testing.T) {
	claims := bundled(t)
	for _, w := range []struct {
		line             int
		words, game      string
		kind             string
		numbers          []int
		stated, computed int
	}{
		{262, "seize chances", "trictrac", "reach", []int{6}, 16, 16},
		{262, "cinq chances", "trictrac", "difference", []int{6}, 5, 5}, // what decomposing the 6 adds
		{264, "quinze chances", "trictrac", "reach", []int{5}, 15, 15},
		{264, "au lieu de onze", "trictrac", "die", []int{5}, 11, 11},
		{274, "16", "trictrac", "reach", []int{6}, 16, 16}, // le 6 en a .... 16
		{283, "six chances", "trictrac", "sum", []int{7}, 6, 6},
		{299, "vingt-sept chances", "trictrac", "reach", []int{5, 6}, 27, 27},
		{299, "vingt-six chances", "trictrac", "reach", []int{3, 6}, 26, 26},
		{315, "vingt chances", "trictrac", "reach", []int{1, 2}, 20, 20},
		{317, "vingt-sept chances", "trictrac", "reach", []int{1, 2, 3}, 27, 27},
		{321, "vingt-cinq chances", "trictrac", "reach", []int{2, 4, 7}, 25, 25},
		{330, "dixhuit chances", "trictrac", "two-ways", []int{1, 2, 4, 6}, 18, 18},
		{332, "quatorze chances", "trictrac", "two-ways", []int{1, 2, 3, 4}, 14, 14},
		{344, "sept", "trictrac", "two-ways", []int{2, 4, 6}, 7, 7},
		{354, "treize chances", "trictrac", "point", []int{1, 2, 3, 4}, 13, 13},
		{358, "quatorze", "trictrac", "point", []int{1, 4, 5, 6}, 14, 14}, // battre le coin
		{370, "cinq combinaisons", "trictrac", "sum", []int{6, 8}, 5, 5},
		{638, "vingt-huit", "trictrac", "reach", []int{1, 2, 6}, 28, 28}, // the absent checker at the talon
		{654, "vingt-trois", "trictrac", "reach", []int{1, 6}, 23, 23},
		{5598, "vingt-sept chances", "trictrac", "die", nil, 27, 27}, // three points against the corner
		{6163, "vingt et une", "trictrac", "sum", []int{2, 3, 4, 5, 6, 7}, 21, 21},
		{7615, "vingt et une chances", "trictrac", "sum", []int{7, 8, 9, 10, 11, 12}, 21, 21},
		{7616, "neuf", "trictrac", "hit-true", []int{7, 8, 9, 10, 11, 12}, 9, 9},
		{7618, "douze", "trictrac", "hit-false", []int{7, 8, 9, 10, 11, 12}, 12, 12},
		{7637, "dix-neuf", "trictrac", "hit-false", []int{7, 8, 9, 10, 11, 12}, 19, 19},
		{7663, "treize chances", "trictrac", "hit-false", []int{8, 9, 10, 11, 12, 13}, 13, 13},
		{7663, "deux", "trictrac", "hit-true", []int{8, 9, 10, 11, 12, 13}, 2, 2},
		{7710, "douze autres chances", "trictrac", "hit-true-and-false", []int{7, 8, 9, 10, 11, 12, 13}, 12, 12},
		{8300, "treize chances", "trictrac", "reach", []int{3}, 13, 13}, // qui au Trictrac ...
		{8300, "quatorze", "backgammon", "reach", []int{3}, 14, 14},     // ... le peut être par quatorze au Backgammon
		{8309, "dix-sept", "backgammon", "reach", []int{6}, 17, 17},
		{8314, "une chance", "backgammon", "difference", []int{8, 9}, 1, 1},
		{8319, "trois", "backgammon", "named", nil, 3, 3}, // pour le point de 12 ... trois; savoir, le sonnez, le carme et le terne
		{8386, "trente-deux chances", "backgammon", "die", []int{1, 2, 3, 4}, 32, 32},
		{9675, "huit chances", "backgammon", "point", []int{3, 4, 6}, 8, 10},
		{9676, "vingt", "backgammon", "point", []int{2, 3, 4, 5, 6}, 20, 22},
	} {
		c := find(t, claims, w.line, w.words)
		if c.Game != w.game || c.Kind != w.kind || !slices.Equal(c.Numbers, w.numbers) || c.Stated != w.stated ||
			c.Computed == nil || *c.Computed != w.computed {
			t.Errorf("line %d %q: %s %s %v %d→%v, want %s %s %v %d→%d", w.line, w.words, c.Game, c.Kind, c.Numbers,
				c.Stated, c.Computed, w.game, w.kind, w.numbers, w.stated, w.computed)
		}
	}
	// The coups a sentence names are counted: "savoir: carme, et 5 et 3".
	if c := find(t, claims, 4353, "trois chances"); c.Kind != "named" || c.NamedCount == nil || *c.NamedCount != 3 || c.Status() != "agree" {
		t.Errorf("named coups: %+v", c)
	}
	// Chapter XV's third table, whose counts the scan lost: the chances a
	// number shares with those before are named, and what is left is lost.
	if c := find(t, claims, 7383, "huit"); c.Kind != "named" || c.NamedCount == nil || *c.NamedCount != 8 || c.Status() != "agree" {
		t.Errorf("table row: %+v", c)
	}
	if c := find(t, claims, 7387, "en a plus que"); c.Unread != "the count is lost to the scan" {
		t.Errorf("table row's count: %+v", c)
	}
	// The chances against: "vingt chances et par conséquent seize contraires".
	if c := find(t, claims, 6652, "seize contraires"); c.Kind != "rest" || c.Status() != "agree" {
		t.Errorf("rest: %+v", c)
	}
}

// TestBundledDisagreements: the treatise's own disagreements are those of
// the Backgammon case of the ace, where it counts by its Trictrac method
// and the doublets played four times add 3-3 and 2-2; the others are the
// counts it quotes to refute them.
func TestBundledDisagreements(t *testing.T) {
	var own []Claim
	for _, c := range bundled(t) {
		if c.Status() == "disagree" && c.Voice == VoiceTreatise {
			own = append(own, c)
		}
	}
	if len(own) != 2 {
		t.Fatalf("%d disagreements of the treatise's own: %+v", len(own), own)
	}
	for _, c := range own {
		if c.Game != "backgammon" || !strings.Contains(c.Difference, "count at trictrac") || !strings.Contains(c.Difference, "3-3") {
			t.Errorf("%+v", c)
		}
	}
}

// TestBundledUnread: what the scan lost is listed, never guessed.
func TestBundledUnread(t *testing.T) {
	claims := bundled(t)
	lost := 0
	for _, c := range claims {
		if c.Unread == "the count is lost to the scan" {
			lost++
		}
	}
	if lost < 9 { // the Backgammon table's rows for 8, 9 and 12, "ne lui en auraient donné", the third table's five rows
		t.Errorf("%d counts lost to the scan", lost)
	}
	if c := find(t, claims, 8336, "nombre 8 a"); c.Status() != "unread" {
		t.Errorf("%+v", c)
	}
}

// TestReadSnippets: the patterns on sentences written for the test in
// the treatise's manner.
func TestReadSnippets(t *testing.T) {
	for _, c := range []struct {
		text, wording, kind string
		numbers             []int
		stated, computed    int
		status              string
	}{
		{"Ainsi celui qui a pour remplir un 6 et un 4 compte vingt-six chances.", "vingt-six chances", "reach", []int{4, 6}, 26, 26, "agree"},
		{"Avec les nombres directs 6, 5, 4 et 3 on a pour remplir de deux manières vingt-trois chances.", "vingt-trois chances", "two-ways", []int{3, 4, 5, 6}, 23, 23, "agree"},
		{"Le nombre 5 se décompose en un 4 et un as, ou en 3 et un 2; ainsi ce point donne quinze chances.", "quinze chances", "reach", []int{5}, 15, 15, "agree"},
		{"Le point de 9 donne 4 chances pour battre.", "4 chances", "reach", []int{9}, 4, 4, "agree"},
		{"Le joueur n'aura pour battre les deux coins que trois chances, savoir: carme, et 5 et 3.", "trois chances", "named", nil, 3, 3, "agree"},
		{"Le joueur n'aura que quatre chances, savoir: terne, et 5 et 3.", "quatre chances", "named", nil, 4, 3, "disagree"},
		{"Il est dit que les nombres 4 et 1 donnent vingt-deux chances.", "vingt-deux chances", "reach", []int{1, 4}, 22, 21, "disagree"},
	} {
		claims := Read([]byte(c.text))
		if len(claims) != 1 {
			t.Errorf("%q: %d claims %+v", c.text, len(claims), claims)
			continue
		}
		got := claims[0]
		if got.Wording != c.wording || got.Kind != c.kind || !slices.Equal(got.Numbers, c.numbers) || got.Stated != c.stated ||
			got.Computed == nil || *got.Computed != c.computed || got.Status() != c.status {
			t.Errorf("%q: %+v", c.text, got)
		}
	}
	// "Il est dit" marks a count quoted to refute it.
	if got := Read([]byte("Il est dit que les nombres 4 et 1 donnent vingt-deux chances."))[0]; got.Voice != VoiceRefuted {
		t.Errorf("voice %q", got.Voice)
	}
}

// TestReadGames: a Backgammon part compares its counts with Trictrac's.
func TestReadGames(t *testing.T) {
	text := "JEU DE BACKGAMMON.\n\nCHAPITRE PREMIER.\n\nLe nombre 3, qui au Trictrac ne peut être atteint que par treize chances, le peut être par quatorze au Backgammon.\n\nLe nombre 4 a 15 chances au lieu de 14.\n"
	claims := Read([]byte(text))
	want := []struct {
		game             string
		stated, computed int
	}{{"trictrac", 13, 13}, {"backgammon", 14, 14}, {"backgammon", 15, 15}, {"trictrac", 14, 14}}
	if len(claims) != len(want) {
		t.Fatalf("%d claims: %+v", len(claims), claims)
	}
	for i, w := range want {
		c := claims[i]
		if c.Game != w.game || c.Stated != w.stated || c.Computed == nil || *c.Computed != w.computed || c.Chapter != "Backgammon I" {
			t.Errorf("claim %d: %+v, want %+v", i, c, w)
		}
	}
}

// TestReadUnread: a count whose situation is not given, or whose number
// the scan lost, is listed with the reason.
func TestReadUnread(t *testing.T) {
	for _, text := range []string{
		"Il a pour remplir vingt chances.",               // no numbers
		"Le nombre 8 a\n\nLe nombre 9 a 5 chances.",      // a row lost
		"Dans cette position on a sept chances de plus.", // a difference from nothing stated
	} {
		claims := Read([]byte(text))
		if len(claims) == 0 || claims[0].Status() != "unread" || claims[0].Unread == "" {
			t.Errorf("%q: %+v", text, claims)
		}
	}
}

func TestNumbers(t *testing.T) {
	for text, want := range map[string]int{"vingt et une": 21, "trente-six": 36, "quarante - quatre": 44, "dix-huit": 18,
		"dixhuit": 18, "vingt-sept": 27, "onze": 11, "11": 11, "trente et une": 31, "une": 1} {
		toks := tokenize(text)
		if v, n := number(toks, 0); v != want || n != len(toks) {
			t.Errorf("%q: %d (%d tokens of %d), want %d", text, v, n, len(toks), want)
		}
	}
	// The OCR's "I" for the ace in a coup, the accent it adds.
	items := throwItems(tokenize("savoir: I et 3, 2 et ás, béset et double 2, terne"))
	var set trictrac.Set
	for _, it := range items {
		set |= it.set
	}
	if want := trictrac.Coup(3, 1) | trictrac.Coup(2, 1) | trictrac.Coup(1, 1) | trictrac.Coup(2, 2) | trictrac.Coup(3, 3); set != want {
		t.Errorf("coups %v, want %v", set, want)
	}
}

func TestPlaceRules(t *testing.T) {
	data, err := sources.Read(sources.Trictrac)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range PlaceRules(data, trictrac.Rules()) {
		if r.Line == 0 || r.Chapter == "" {
			t.Errorf("rule %s not placed", r.Key)
		}
	}
}
