package livremetz

// claimDef says where the text makes one claim: the claim runs from the
// phrase start (searched after the phrase after) to the phrase end, or to the
// first of the stop signs when end is empty. Its coups are those of a list
// (list), or only the last one of it (last: the book's "ce dernier").
type claimDef struct {
	id         string
	after      string
	start, end string
	stops      string
	list       string
	lastOfList bool
}

// claimDefs are the endgame (and related) claims of the first part.
var claimDefs = []claimDef{
	{id: "trois-dames-contre-une-ligne-du-milieu-remise", after: "RÈGLESDUJEUDEDAMESALAPOLONAISE",
		start: "lorsquedeuxjoueursquinesefontpasavantage", end: "êtrepris."},
	{id: "trois-dames-tenant-la-ligne-du-milieu", after: "RÈGLESDUJEUDEDAMESALAPOLONAISE",
		start: "si,aucontraire,c'estlejoueurdestroisdames", end: "s'illaluidonne."},
	{id: "trois-dames-contre-une-hors-ligne-onze-coups", after: "16eRÈGLE",
		start: "cederniernombreparaît", stops: ":", list: "trois-dames-contre-une"},
	{id: "coup-383-le-plus-fort", after: "16eRÈGLE",
		start: "cedernierlessurpasse", end: "perdueforcément.", list: "trois-dames-contre-une", lastOfList: true},
	{id: "une-dame-contre-deux-remise", after: "16eRÈGLE",
		start: "ilestinutilededirequelespartiessontdécidément", end: "enatrois."},
	{id: "deux-dames-contre-quatre-remise-sauf-trois-coups", after: "16eRÈGLE",
		start: "lapartieestégalementremiseavecdeuxdamescontre", end: "paspréparés.", list: "deux-dames-contre-quatre"},
	{id: "dame-contre-trois-pions-et-dame-remise", after: "paspréparés.",
		start: "lescoups", end: "etunedame.", list: "dame-contre-trois-pions-et-dame"},
	{id: "remise-ou-perdue-suivant-les-joueurs", after: "16eRÈGLE",
		start: "parmilegrandnombredeparties", stops: ".", list: "remise-ou-perdue"},
	{id: "deux-dames-contre-cinq-perdue", after: "16eRÈGLE",
		start: "lapartieestperdueavecdeuxdamescontrecinq", stops: ")", list: "deux-dames-contre-cinq"},
	{id: "dame-et-pion-contre-trois-dames-perdue", after: "16eRÈGLE",
		start: "ellepeutl'êtreavecunedameetunpion", end: "qu'unedameseule.", list: "dame-et-pion-contre-trois-dames"},
	{id: "grande-ligne-42-a-le-coup-sur-5", after: "DUCOUP",
		start: "avantdedonnerlesmoyens", end: "ilssontplacés."},
	{id: "manoury-cases-vides-paires", after: "DUCOUP",
		start: "voiciunmoyendonnéparmanoury", end: "quil'aura."},
	{id: "tant-pour-tant-pare-presque-tout", after: "DUTANTPOURTANT",
		start: "onajoutera,enfaveurdutantpourtant", stops: ".", list: "tant-pour-tant"},
	{id: "dame-vaut-trois-pions", after: "DELADAME",
		start: "onévalueordinairementlavaleurd'unedame", end: "joueurs."},
	{id: "une-dame-contre-trois-remise-sure", after: "PRÉCEPTESGÉNÉRAUX",
		start: "siverslafindelapartie", end: "partieremise."},
}

// readClaims reads every claim of claimDefs that the text holds.
func readClaims(d *doc, lists []ThemeList) []Claim {
	var out []Claim
	for _, def := range claimDefs {
		from, to, ok := d.span(def.after, def.start, def.end, def.stops)
		if !ok {
			continue
		}
		c := Claim{ID: def.id, Text: cleanText(d, from, to), Line: d.lineAt(from)}
		if tl, ok := listByKey(lists, def.list); ok && len(tl.Numbers) > 0 {
			c.Coups = append([]int(nil), tl.Numbers...)
			if def.lastOfList {
				c.Coups = tl.Numbers[len(tl.Numbers)-1:]
			}
		}
		out = append(out, c)
	}
	return out
}

// span finds the passage [from, to) that opens with start (after the phrase
// after) and closes with end, or with the first stop sign when end is empty.
func (d *doc) span(after, start, end, stops string) (int, int, bool) {
	pos := 0
	if after != "" {
		if pos = d.find(after, 0); pos < 0 {
			return 0, 0, false
		}
	}
	from := d.index(start, pos)
	if from < 0 {
		return 0, 0, false
	}
	to := -1
	if end == "" {
		to = d.sentenceEnd(from, stops)
	} else {
		to = d.find(end, from)
	}
	if to < 0 || to-from > maxSpanRunes {
		return 0, 0, false
	}
	return from, to, true
}

// Claim finds the claim of ix with the given id (see claimDefs).
func (ix *Index) Claim(id string) (Claim, bool) {
	for _, c := range ix.Claims {
		if c.ID == id {
			return c, true
		}
	}
	return Claim{}, false
}
