package solver

import (
	"math/rand/v2"
	"testing"
	"time"

	"metz/draughts"
	"metz/problems"
	"metz/tables"
	"metz/tables/generic"
	"metz/verdict"
)

// Verify against the endgame tables, on problems made from them: random
// positions of small endings, White to move and won, under several rule
// systems. The tables (the generic builder, tables/generic, built
// backwards through the generic engine) say which first moves win; the
// stated solution is one of them, then the tables' longest defence and
// quickest answer to the end. Verify shares nothing with them but the
// rules: on 8x8 it searches without tables (df-pn, the forcing search and
// its closures); in international draughts it reads the tables of up to
// three pieces of its handle (built by the other builder, tables/intl, on
// bitboards). Its verdict
// must follow: one winning first move is sound (or sound-incomplete, the
// line leaving defences out), several cooked; a first move the tables do
// not count as winning, stated instead, is unsound.
func TestVerifyAgainstTables(t *testing.T) {
	type trial struct {
		rules *draughts.Rules
		sig   tables.Sig
	}
	// Three pieces: on 8x8 the searches settle them without tables
	// (closures), where four may take more than a test's budget (and a
	// 10x10 closure of three may outgrow its bound). Not Turkish: its men
	// step sideways, and without tables its omitted defences outrun the
	// budget (unproven, not wrong). On 12x12 three kings (a closure of
	// about 360,000 positions); two men against one race too long there
	// (a stated key that fails came out unproven, its cook found).
	trials := []trial{
		{draughts.International, tables.Sig{WM: 2, BM: 1}}, {draughts.International, tables.Sig{WK: 1, WM: 1, BM: 1}},
		{draughts.Russian, tables.Sig{WM: 2, BM: 1}}, {draughts.Brazilian, tables.Sig{WK: 1, WM: 1, BM: 1}},
		{draughts.English, tables.Sig{WM: 2, BM: 1}}, {draughts.Italian, tables.Sig{WK: 1, WM: 1, BK: 1}},
		{draughts.Francaise, tables.Sig{WK: 2, BK: 1}}, {draughts.Spanish, tables.Sig{WM: 2, BM: 1}},
		{draughts.Canadian, tables.Sig{WK: 2, BK: 1}},
	}
	if testing.Short() {
		trials = trials[:2]
	}
	rng := rand.New(rand.NewPCG(18, 68))
	seen := map[verdict.Verdict]int{}
	for _, tr := range trials {
		start := time.Now()
		tabs := generic.New(tr.rules)
		if err := tabs.Ensure(tr.sig, generic.Limit{Bytes: 1 << 30}); err != nil {
			t.Fatal(err)
		}
		made := 0
		for tries := 0; made < 4 && tries < 4000; tries++ {
			p, ok := quietPositionOf(rng, tr.rules, tr.sig)
			if !ok {
				continue
			}
			if v, plies, ok := tabs.Probe(p); !ok || v != tables.Win || plies < 3 {
				continue
			}
			wins, other := winningMoves(t, tabs, p)
			if made%2 == 0 && len(wins) != 1 {
				continue // half the problems with one key: most won endings have several
			}
			want := verdict.Sound
			if len(wins) > 1 {
				want = verdict.Cooked
			}
			checkVerdict(t, p, tableLine(t, tabs, p, wins[0]), want)
			seen[want]++
			if other != nil && made%2 == 0 {
				checkVerdict(t, p, tableLine(t, tabs, p, *other), verdict.Unsound)
				seen[verdict.Unsound]++
			}
			made++
		}
		if made == 0 {
			t.Errorf("%s %v: no won position found", tr.rules.Name, tr.sig)
		}
		t.Logf("%s %v: %d problems (%v)", tr.rules.Name, tr.sig, made, time.Since(start).Round(time.Millisecond))
	}
	for _, v := range []verdict.Verdict{verdict.Sound, verdict.Cooked, verdict.Unsound} {
		if seen[v] == 0 {
			t.Errorf("no problem with the verdict %s was made: the test proves less than it says (%v)", v, seen)
		}
	}
	t.Logf("verdicts checked: %v", seen)
}

// checkVerdict verifies the problem (p, stated) without tables and
// compares with want (sound also admits sound-incomplete).
func checkVerdict(t *testing.T, p draughts.Position, stated *problems.Tree, want verdict.Verdict) {
	t.Helper()
	prob := &problems.Problem{Rules: p.Rules, Position: problems.MustPosition(p.Rules, p.FEN()), Stipulation: problems.StipWin, Solution: stated}
	opt := Options{Budget: verdict.Budget{Nodes: 3_000_000, Time: nodes(0).Time, MemoryMB: 64}}
	opt.NoTables = p.Rules != draughts.International // the 3-piece international tables, else nothing
	rep := verifyT(prob, opt)
	if rep.ProofNodes > opt.Budget.Nodes {
		t.Errorf("%s %s: %d nodes spent, budget %d", p.Rules.Name, p.FEN(), rep.ProofNodes, opt.Budget.Nodes)
	}
	got := rep.Verdict
	if got == verdict.SoundIncomplete {
		got = verdict.Sound
	}
	if got != want {
		t.Errorf("%s %s stated %s: verdict %s (%v), the tables say %s", p.Rules.Name, p.FEN(),
			stated.Children[0].Move, rep.Verdict, rep.Notes, want)
	}
}

// winningMoves lists the moves of p that the tables count as winning (the
// position after them lost for the side to move, or the game over), and
// one that is not, if any.
func winningMoves(t *testing.T, tabs *generic.Tables, p draughts.Position) (wins []draughts.Move, other *draughts.Move) {
	t.Helper()
	for _, m := range p.Moves() {
		if v, _ := childValue(t, tabs, p.Play(m)); v == tables.Loss {
			wins = append(wins, m)
		} else if other == nil {
			m := m
			other = &m
		}
	}
	if len(wins) == 0 {
		t.Fatalf("%s %s: won, and no move wins", p.Rules.Name, p.FEN())
	}
	return wins, other
}

// childValue is the tables' value of q for its side to move, a finished
// game included (no piece or no move: lost).
func childValue(t *testing.T, tabs *generic.Tables, q draughts.Position) (tables.Result, int) {
	t.Helper()
	if len(q.Moves()) == 0 {
		return tables.Loss, 0
	}
	v, plies, ok := tabs.Probe(q)
	if !ok {
		t.Fatalf("%s %s: not in the tables", q.Rules.Name, q.FEN())
	}
	return v, plies
}

// tableLine states key, then the tables' play to the end: the defence
// that holds out longest, the attacker's quickest win (or, after a key
// that does not win, any move), for at most 40 plies.
func tableLine(t *testing.T, tabs *generic.Tables, p draughts.Position, key draughts.Move) *problems.Tree {
	t.Helper()
	moves := []string{p.Rules.FormatMove(key, true)}
	q := p.Play(key)
	for len(moves) < 40 {
		ms := q.Moves()
		if len(ms) == 0 {
			break
		}
		best, bestD := ms[0], -1
		for _, m := range ms {
			v, d := childValue(t, tabs, q.Play(m))
			score := d // the defender (q's side is lost): the longest
			switch {
			case q.Turn == draughts.White && v == tables.Loss:
				score = 1000 - d // the attacker: the quickest win
			case q.Turn == draughts.White:
				score = -1
			}
			if score > bestD {
				best, bestD = m, score
			}
		}
		moves = append(moves, p.Rules.FormatMove(best, true))
		q = q.Play(best)
	}
	return line(moves...)
}

// quietPositionOf places the pieces of sig on distinct squares, men off
// their crowning row, White to move, with no capture pending (a problem
// starts quietly).
func quietPositionOf(rng *rand.Rand, r *draughts.Rules, sig tables.Sig) (draughts.Position, bool) {
	p := draughts.NewPosition(r)
	p.Turn = draughts.White
	put := func(pc draughts.Piece, n int) bool {
		for range n {
			for tries := 0; ; tries++ {
				if tries > 100 {
					return false
				}
				s := rng.IntN(r.Geo.N)
				if p.Board[s] != draughts.Empty || (pc.IsMan() && r.PromotionRow(s, pc.Color())) {
					continue
				}
				p.Board[s] = pc
				break
			}
		}
		return true
	}
	ok := put(draughts.WhiteMan, sig.WM) && put(draughts.WhiteKing, sig.WK) &&
		put(draughts.BlackMan, sig.BM) && put(draughts.BlackKing, sig.BK)
	return p, ok && !p.HasCapture()
}
