package themes

// Definition is one theme the detector knows: its key (the name stored with
// origin "detected"), the French words the books use, where the idea comes
// from, and the rule the detector applies. This table is the one place the
// definitions are written; `metz themes list` and the README print it.
type Definition struct {
	Key    string `json:"key"`
	Label  string `json:"label"`
	Source string `json:"source"`
	Text   string `json:"definition"`
}

// Definitions lists every theme the detector reports, in the order of the
// detectors. A line is the sequence of positions P0…Pn reached by the moves
// M1…Mn; the attacker is the side to move in P0; "ply i" is the move Mi.
var Definitions = []Definition{
	{"lunette", "lunette", "Livre de Metz, Des lunettes; Van Tenac n° 4",
		"Ply i is a quiet move that puts a piece on a square m between two enemy pieces standing " +
			"on the two neighbouring squares of one diagonal through m, the square beyond each " +
			"of them empty: the piece on m could take either, and only one can be saved. " +
			"Also reported when the diagram P0 already shows a defender's piece standing so " +
			"between two of the attacker's pieces (it has entered the attacker's lunette) and the " +
			"line takes that piece; the ply is then the capture."},
	{"lunette-dames", "lunette pour les Dames", "Livre de Metz, Des lunettes",
		"As lunette, with a king that stands between two enemy pieces on one diagonal, at least " +
			"one of them further than the neighbouring square (empty squares between), and an " +
			"empty square beyond each."},
	{"pion-en-prise-pion", "pion en prise par un pion", "Livre de Metz, Du pion en prise; Van Tenac n° 5",
		"Ply i is a quiet move of a man that attacks an enemy man (it could take it next move), " +
			"and that man is indeed taken by the same piece at ply i+2: it could not be saved."},
	{"pion-en-prise-dame", "pion en prise par une Dame", "Livre de Metz, Du pion en prise",
		"As pion-en-prise-pion, the attacking piece being a king."},
	{"coup-de-repos", "coup de repos, temps", "Livre de Metz, Du coup de repos; Van Tenac n° 3",
		"The attacker gains a temps at ply i when Mi is a quiet move, the defender must capture " +
			"at ply i+1, and that capture was already open before Mi (the attacker did not offer " +
			"it: he rests while the defender takes). Present with at least one temps; the count " +
			"is the number of tempi, the ply the first of them."},
	{"coup-turc", "coup turc", "Jeu de dames et variantes",
		"Ply i is a capture that ends because a piece it has already taken, not yet removed, " +
			"blocks the way (in Pi the capturing piece could take again), and the opponent takes " +
			"the capturing piece at ply i+1."},
	{"rafle", "rafle", "Livre de Metz, 4e classe (raffle)",
		"One move taking three pieces or more; the count is the number taken."},
	{"fermeture", "fermeture", "Van Tenac, Problème VI",
		"The line ends with the side to move having pieces but no legal move (not reported " +
			"under the losing-game rule, where that wins for the blocked side). Also reported " +
			"when the line ends with a defender's king shut in: every neighbouring square is " +
			"off the board or occupied, and no enemy neighbour can be taken; the ply is the move " +
			"after which it stays shut in to the end."},
	{"coup-de-dame", "coup de dame", "verification notes",
		"The attacker's last move of the line crowns a man."},
	{"gagner-le-coup", "gagner le coup, opposition", "Livre de Metz, Du coup",
		"From some position on only men are on the board, no capture is played, and the line ends " +
			"with the defender having men but no legal move: the attacker had the last free " +
			"move. The ply is the first of that men-only quiet ending."},
	{"tant-pour-tant", "tant pour tant", "Van Tenac n° 2",
		"Two consecutive captures of the same number of pieces, one by each side (one for one, " +
			"two for two, …); the count is that number."},
	{"sacrifice", "sacrifice", "verification notes",
		"The attacker plays a quiet move after which the defender must capture, a capture that " +
			"was not open before the move. The ply is the first such move; the count is the " +
			"number of the attacker's pieces the defender takes in the whole line."},
}

// Lookup returns the definition of a detector key.
func Lookup(key string) (Definition, bool) {
	for _, d := range Definitions {
		if d.Key == key {
			return d, true
		}
	}
	return Definition{}, false
}
