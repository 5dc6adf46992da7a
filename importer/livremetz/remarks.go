package livremetz

// remarkDef says where the text remarks on a given coup. The passage runs
// like a claim's (see claimDef); the coup is the first number printed in it,
// or the coups of a list (all of them, or the last: "ce dernier").
type remarkDef struct {
	after, start, end, stops string
	list                     string
	lastOfList               bool
}

var remarkDefs = []remarkDef{
	// Au nº 27 / Au nº 53: how a tant pour tant would have parried the coup.
	{after: "parlesexemplessuivants", start: "aunº", stops: "."},
	{after: "eussentfaittroispourtrois", start: "aunº", stops: "."},
	// How the position of the 40th coup came about, and the 70th as a warning.
	{after: "DUTANTPOURTANT", start: "c'estparl'unepourunefaiteàpropos", end: "pourrien."},
	{after: "pourrien.", start: "enfin,le", stops: "."},
	// The coup de repos made by Lallement, whose execution follows.
	{after: "DUCOUPDEREPOS", start: "cedernieraétéfait", stops: ":", list: "coup-de-repos-provoque", lastOfList: true},
	{after: "PRÉCEPTESGÉNÉRAUX", start: "souventonperdlapartie", stops: "."},
	{after: "DELEURUTILITÉ", start: "comment,avecune", stops: ";"},
	{after: "DEL'USAGEDESCOUPS", start: "quoiquecesdernierscoups", end: ")", list: "raffle"},
	{after: "DEL'USAGEDESCOUPS", start: "quantaucoupnº", stops: "."},
}

// readRemarks returns, per coup, the passages the text devotes to it.
func readRemarks(d *doc, lists []ThemeList) map[int][]string {
	out := map[int][]string{}
	for _, def := range remarkDefs {
		from, to, ok := d.span(def.after, def.start, def.end, def.stops)
		if !ok {
			continue
		}
		text := cleanText(d, from, to)
		for _, n := range remarkCoups(d, def, lists, from, to) {
			out[n] = appendString(out[n], text)
		}
	}
	return out
}

func remarkCoups(d *doc, def remarkDef, lists []ThemeList, from, to int) []int {
	if def.list != "" {
		tl, ok := listByKey(lists, def.list)
		if !ok || len(tl.Numbers) == 0 {
			return nil
		}
		if def.lastOfList {
			return tl.Numbers[len(tl.Numbers)-1:]
		}
		return tl.Numbers
	}
	for i := from; i < to; i++ {
		if isDigit(d.low[i]) {
			n, _ := d.intAt(i)
			return []int{n}
		}
	}
	return nil
}
