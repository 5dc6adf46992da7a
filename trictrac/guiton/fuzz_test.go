package guiton

import (
	"bytes"
	"testing"
)

// FuzzRead: Read never panics, whatever the bytes, and every claim it
// returns has its place in the text and a status that holds together. The
// seeds are short passages in the treatise's manner: long ones make each
// new input slow to minimize.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"Il est dit, page 277, que, pour remplir, les nombres 3 et 2 donnent vingt-cinq chances; cependant ils n'en donnent que vingt et une.",
		"Le point de 5 se décompose en un 4 et un as, ou en 3 et un 2, ce qui fait quatre chances de plus; ainsi ce point donne quinze chances au lieu de onze.",
		"Ainsi, sur les trente-six combinaisons qui appartiennent aux deux dés,\n\n- le 6 en a .... 16\n- le 5 en a .... 15",
		"Avec 6, 5 et 1 on n'a que huit chances pour remplir de deux manières; avec 6, 4 et 2 on n'en a que sept.",
		"Exemple on suppose qu'un joueur ait son coin garni de trois dames, plus deux dames en demicase aux sixième et septième flèches, plus une case entière à la huitième; il a par conséquent treize chances pour battre le coin.",
		"Par exemple, la dame exposée au coin bourgeois, correspondant par le nombre direct 5 à la dixième flèche qui est entièrement vide, peut, lorsque le grand-jan opposé se trouve plein, être battue par tous les points qui excèdent le nombre 6. Ces points produisent vingt et une chances. De ces vingt et une chances neuf seulement battent à vrai; douze par conséquent la battent à faux.",
		"JEU DE BACKGAMMON.\n\nCHAPITRE PREMIER.\n\nLe nombre 3, qui au Trictrac ne peut être atteint que par treize chances, le peut être par quatorze au Backgammon.\n\nLe nombre 8 a\n\nLe nombre 4 a 15",
		"il a deux dames en surcase sur la cinquième et une sur la quatrième flèche, il amène 2 et as; il doit jouer l'as avec une dame de la septième et le 2 avec une de la cinquième flèche. Avant d'avoir joué son 2 et as, il n'avait que huit chances pour faire la case de l'as, et après l'avoir joué il en a vingt.",
		"vingt chances et par conséquent seize contraires; savoir: carme, et 5 et, 3, I et 3, béset et double 2 qui donnent six chances contre 11",
		"CHAPITRE XIL\nau lieu de onze chances de plus savoir ... quarante - quatre",
		"\xff\xfe en a \xc3",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		n := bytes.Count(b, []byte("\n")) + 1
		claims := Read(b)
		for _, c := range claims {
			if c.Line < 1 || c.Line > n {
				t.Fatalf("line %d of %d: %+v", c.Line, n, c)
			}
			switch c.Status() {
			case "unread":
				if c.Unread == "" && c.Computed == nil {
					t.Fatalf("unread without a reason: %+v", c)
				}
			case "agree", "disagree":
				if c.Situation == "" || c.Agrees == nil {
					t.Fatalf("read without a situation: %+v", c)
				}
			default:
				t.Fatalf("status %q", c.Status())
			}
		}
		if s := Summarize(claims); s.Claims != len(claims) {
			t.Fatalf("summary %+v of %d claims", s, len(claims))
		}
	})
}
