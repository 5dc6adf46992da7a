package livremetz

import (
	"slices"
	"sort"
)

// listDef says where the text gives one list of coup numbers. Anchors are
// squeezed lower-case phrases (see squeeze) standing right before the
// numbers; a list the book gives in two parts has two anchors, searched in
// order. after, when set, is a phrase (usually a chapter heading) the search
// starts from, so that a common phrase is not matched in the wrong chapter.
type listDef struct {
	key, theme, label string
	after             string
	anchors           []string
	pair              string // cross-reference kind when the list pairs two coups
}

// listDefs is the table of every list of coup numbers in the first part, in
// the order of the text. The keys are documented in doc.go.
var listDefs = []listDef{
	{key: "gagner-le-coup", theme: "gagner-le-coup", label: "gagner le coup (avoir le coup)",
		after: "gagnerlecoup,c'estsemettre", anchors: []string{"voyez,entreautrescoups,les"}},
	{key: "tant-pour-tant", theme: "tant-pour-tant", label: "tant pour tant fait à propos (exemples)",
		after: "DUTANTPOURTANT", anchors: []string{"parlesexemplessuivants,coups"}},
	{key: "tant-pour-tant-mal-a-propos", theme: "tant-pour-tant", label: "l'une pour une faite mal à propos",
		after: "DUTANTPOURTANT", anchors: []string{"enfin,le"}},
	{key: "coup-de-repos-pion", theme: "coup-de-repos", label: "coup de repos : l'adversaire met un Pion derrière le Pion en prise",
		after: "DUCOUPDEREPOS", anchors: []string{"enmettantunautrederrière(voyezles"}},
	{key: "coup-de-repos-dame", theme: "coup-de-repos", label: "coup de repos : l'adversaire poursuit le Pion en prise avec sa Dame",
		after: "DUCOUPDEREPOS", anchors: []string{"poursuivantavecsadame(voyezles"}},
	{key: "coup-de-repos-provoque", theme: "coup-de-repos", label: "coup de repos que le joueur se procure par sa manière de jouer",
		after: "DUCOUPDEREPOS", anchors: []string{"parsamanièredejouer(voyez,entreautres,les"}},
	{key: "lunette", theme: "lunette", label: "lunette",
		after: "DESLUNETTES", anchors: []string{"unelunette(voyezle", "(voyezaussiles"}},
	{key: "lunette-dames", theme: "lunette", label: "espèce de lunette pour les Dames",
		after: "DESLUNETTES", anchors: []string{"espècedelunettepourlesdames.(voyezle"}},
	{key: "lunette-trois-ou-quatre-pions", theme: "lunette", label: "lunette offrant trois ou quatre Pions en prise",
		after: "DESLUNETTES", anchors: []string{"troisouquatrepionsenprise.(voyezles"}},
	{key: "pion-en-prise-pion", theme: "pion-en-prise", label: "Pion en prise par un autre Pion",
		after: "DUPIONENPRISE", anchors: []string{"parunautrepionaux"}},
	{key: "pion-en-prise-dame", theme: "pion-en-prise", label: "Pion en prise par une Dame",
		after: "DUPIONENPRISE", anchors: []string{"parunedameaux"}},
	{key: "dame-piege", theme: "aller-a-dame", label: "aller à Dame : piège de l'adversaire",
		after: "DELADAME", anchors: []string{"particulièrementaux"}},
	{key: "prendre-dame", theme: "prendre-la-dame", label: "manières de prendre une ou plusieurs Dames",
		after: "DELADAME", anchors: []string{"partiedecetouvrage,depuisle"}},
	{key: "menager-un-pion", theme: "sacrifice", label: "partie perdue pour avoir voulu ménager un Pion",
		after: "PRÉCEPTESGÉNÉRAUX", anchors: []string{"vouluménagerunpion:le"}},
	{key: "trois-dames-contre-une", theme: "fin-de-partie", label: "trois Dames contre une hors de la ligne du milieu : coups gagnants",
		after: "16eRÈGLE", anchors: []string{"néanmoinsonzedanscetouvrage,sous"}},
	{key: "deux-dames-contre-quatre", theme: "fin-de-partie", label: "deux Dames contre quatre : coups gagnants",
		after: "16eRÈGLE", anchors: []string{"quisontrapportéssous"}},
	{key: "dame-contre-trois-pions-et-dame", theme: "fin-de-partie", label: "une Dame seule contre trois Pions et une Dame : partie remise",
		after: "16eRÈGLE", anchors: []string{"paspréparés.lescoups"}},
	{key: "remise-ou-perdue", theme: "fin-de-partie", label: "parties remises ou perdues suivant les joueurs",
		after: "16eRÈGLE", anchors: []string{"nousciterons,entreautres,celles"}},
	{key: "deux-dames-contre-cinq", theme: "fin-de-partie", label: "deux Dames contre cinq : partie perdue",
		after: "16eRÈGLE", anchors: []string{"deuxdamescontrecinq.(voyezles"}},
	{key: "dame-et-pion-contre-trois-dames", theme: "fin-de-partie", label: "une Dame et un Pion contre trois Dames : partie perdue",
		after: "16eRÈGLE", anchors: []string{"unpioncontretroisdames.voyezle"}},
	{key: "meme-coup-autre-ligne", theme: "meme-coup", label: "coups semblables en positions et en exécution, sur des lignes différentes",
		after: "DELEURUTILITÉ", anchors: []string{"l'onseborneraàciterles"}, pair: "same-coup-other-line"},
	{key: "meme-execution-apres-premier-coup", theme: "meme-coup", label: "même exécution, position semblable dès que les Blancs ont joué le premier coup",
		after: "DELEURUTILITÉ", anchors: []string{"lignesdifférentesdudamier;ceux"}, pair: "same-after-first-move"},
	{key: "execution-differe-au-debut", theme: "meme-coup", label: "exécution qui ne diffère qu'au commencement",
		after: "DELEURUTILITÉ", anchors: []string{"surd'autreslignes;ceux"}, pair: "differs-at-start"},
	{key: "execution-differe-a-la-fin", theme: "meme-coup", label: "exécution qui ne diffère qu'à la fin",
		after: "DELEURUTILITÉ", anchors: []string{"qu'aucommencement;etceux"}, pair: "differs-at-end"},
	{key: "prendre-les-dames", theme: "prendre-la-dame", label: "comment l'on peut prendre les Dames",
		after: "DELEURUTILITÉ", anchors: []string{"peutprendrelesdames(voyez"}},
	{key: "enfermer-les-dames", theme: "prendre-la-dame", label: "enfermer les Dames",
		after: "DELEURUTILITÉ", anchors: []string{"lesenfermer(voyez"}},
	{key: "retenir-les-dames", theme: "prendre-la-dame", label: "retenir les Dames dans un coin jusqu'à ce qu'un Pion avancé les prenne",
		after: "DELEURUTILITÉ", anchors: []string{"unpionpourlesprendre(voyez"}},
	{key: "dame-arrete-pions", theme: "dame-contre-pions", label: "avec une Dame, arrêter cinq ou six Pions",
		after: "DELEURUTILITÉ", anchors: []string{"arrêtercinqousixpions,voyez"}},
	{key: "raffle", theme: "raffle", label: "raffles : le plus grand nombre de Pions pris d'un seul coup, ou tous en prise",
		after: "DEL'USAGEDESCOUPS", anchors: []string{"voyezcespositionsaux"}},
	{key: "execution-modele", theme: "execution", label: "coups dont l'exécution est donnée en modèle",
		after: "DEL'USAGEDESCOUPS", anchors: []string{"voyezci-aprèsl'exécutiondes"}},
}

// enPriseLists are the lists the book tells the reader to add up into "la
// table de toutes les positions … dans lesquelles il se trouve des Pions ou
// des Dames en prise" (chapter Du pion en prise).
var enPriseLists = []string{
	"coup-de-repos-pion", "coup-de-repos-dame", "coup-de-repos-provoque",
	"lunette", "lunette-dames", "lunette-trois-ou-quatre-pions",
	"pion-en-prise-pion", "pion-en-prise-dame",
}

// listRefs keeps, per list, the line each number is printed on, for ThemeRef.
type listRefs map[string]map[int]int

// readLists reads every list of listDefs. A list whose anchor is missing is
// reported and left out; the parser never guesses numbers.
func readLists(d *doc, maxN int) ([]ThemeList, listRefs, []Warning) {
	var out []ThemeList
	var warns []Warning
	refs := listRefs{}
	for _, def := range listDefs {
		tl, at, ws, ok := readOneList(d, def, maxN)
		warns = append(warns, ws...)
		if !ok {
			warns = append(warns, Warning{Text: "list " + def.key + " not found in the text", Expected: "anchor " + def.anchors[0]})
			continue
		}
		out = append(out, tl)
		refs[def.key] = at
	}
	if tl, ok := derivedEnPrise(out); ok {
		out = append(out, tl)
	}
	return out, refs, warns
}

func readOneList(d *doc, def listDef, maxN int) (ThemeList, map[int]int, []Warning, bool) {
	tl := ThemeList{Key: def.key, Theme: def.theme, Label: def.label}
	at := map[int]int{}
	var warns []Warning
	pos := 0
	if def.after != "" {
		if pos = d.find(def.after, 0); pos < 0 {
			return tl, nil, nil, false
		}
	}
	for _, a := range def.anchors {
		p := d.find(a, pos)
		if p < 0 {
			return tl, nil, warns, false
		}
		l := d.readList(p, maxN)
		if len(l.nums) == 0 {
			return tl, nil, warns, false
		}
		warns = append(warns, l.warnings...)
		tl.Numbers = append(tl.Numbers, l.nums...)
		if l.printed != nil {
			tl.Printed = append(tl.Printed, l.printed...)
		}
		tl.Range = tl.Range || l.isRange
		for i, n := range l.nums {
			tl.Lines = appendUnique(tl.Lines, l.lines[i])
			if _, seen := at[n]; !seen {
				at[n] = l.lines[i]
			}
		}
		pos = l.end
	}
	return tl, at, warns, true
}

// derivedEnPrise builds the table of positions with pieces en prise the way
// the book says to: the union of the coup de repos, lunette and pion en prise
// lists.
func derivedEnPrise(lists []ThemeList) (ThemeList, bool) {
	set := map[int]bool{}
	var lines []int
	for _, tl := range lists {
		if !slices.Contains(enPriseLists, tl.Key) {
			continue
		}
		for _, n := range tl.Numbers {
			set[n] = true
		}
		for _, l := range tl.Lines {
			lines = appendUnique(lines, l)
		}
	}
	if len(set) == 0 {
		return ThemeList{}, false
	}
	nums := make([]int, 0, len(set))
	for n := range set {
		nums = append(nums, n)
	}
	sort.Ints(nums)
	sort.Ints(lines)
	return ThemeList{Key: "positions-en-prise", Theme: "en-prise",
		Label:   "table de toutes les positions dans lesquelles il se trouve des Pions ou des Dames en prise",
		Numbers: nums, Lines: lines, Derived: true}, true
}

func appendUnique(s []int, v int) []int {
	for _, x := range s {
		if x == v {
			return s
		}
	}
	return append(s, v)
}
