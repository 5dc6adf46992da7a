package generic

import "metz/draughts"

// Frisian's runs (draughts.Position.Runs: how many quiet moves in a row a
// side's king has made, which caps them) are position state, so a table
// holds each placement of the pieces once per combination of the runs it
// may have. A side with men and kings has 1 + limit × kings run states:
// 0 for none, else 1 + (moves-1)×kings + the king's rank among its side's
// kings (by square); any other side has one. An index is the placement's
// index (below shape.base) plus base × (White's state + White's states ×
// Black's state). Un-moving a side with a run follows the rule backwards
// (runPredecessors). Every other rule system has one state a side, and
// its tables are what they were.

// withRuns sets sh's run states and its size under l's rules.
func (l *layout) withRuns(sh shape) shape {
	sh.runs = [2]int{1, 1}
	lim := l.r.KingMoveLimit
	for c, mk := range [2][2]int{{sh.n[gWM], sh.n[gWK]}, {sh.n[gBM], sh.n[gBK]}} {
		if lim > 0 && mk[0] > 0 && mk[1] > 0 {
			sh.runs[c] = 1 + lim*mk[1]
		}
	}
	if n := int64(sh.runs[0] * sh.runs[1]); sh.size < maxSize/n {
		sh.size *= n
	} else {
		sh.size = maxSize
	}
	return sh
}

// hasRuns reports whether positions of sh carry runs.
func (sh *shape) hasRuns() bool { return sh.size != sh.base }

// kingGroup is colour c's kings' index group.
func kingGroup(c draughts.Color) int { return groupsOf(c)[1] }

// runState is colour c's state for run on board (0 for none).
func (sh *shape) runState(board []draughts.Piece, c draughts.Color, run draughts.KingRun) int {
	if run.Moves == 0 || sh.runs[c] == 1 {
		return 0
	}
	return 1 + (int(run.Moves)-1)*sh.n[kingGroup(c)] + kingRank(board, c, int(run.Square))
}

// kingRank counts colour c's kings on the squares below s.
func kingRank(board []draughts.Piece, c draughts.Color, s int) int {
	k := 0
	for _, pc := range board[:s] {
		if pc == draughts.KingOf(c) {
			k++
		}
	}
	return k
}

// runOf is the run of colour c in state st, pl being the pieces.
func (l *layout) runOf(sh *shape, pl *placed, c draughts.Color, st int) draughts.KingRun {
	if st == 0 {
		return draughts.KingRun{}
	}
	g := kingGroup(c)
	st--
	return draughts.KingRun{Square: uint8(l.doms[g].sq[pl.d[g][st%sh.n[g]]]), Moves: uint8(st/sh.n[g] + 1)}
}

// runsAt is the runs of index i, whose pieces decode gave as pl.
func (l *layout) runsAt(sh *shape, i int64, pl *placed) [2]draughts.KingRun {
	if !sh.hasRuns() {
		return [2]draughts.KingRun{}
	}
	st := int(i / sh.base)
	return [2]draughts.KingRun{l.runOf(sh, pl, draughts.White, st%sh.runs[0]), l.runOf(sh, pl, draughts.Black, st/sh.runs[0])}
}

// runPart is the index's share of the states of White and Black.
func (sh *shape) runPart(white, black int) int64 {
	return sh.base * int64(white+sh.runs[0]*black)
}

// indexOf is the index of p, of signature sh, its runs included (those
// that hold: see draughts.Position.HeldRuns); ok as for index.
func (l *layout) indexOf(sh *shape, p draughts.Position) (int64, bool) {
	i, ok := l.index(sh, p.Board)
	if !ok || !sh.hasRuns() {
		return i, ok
	}
	runs := p.HeldRuns()
	return i + sh.runPart(sh.runState(p.Board, draughts.White, runs[0]), sh.runState(p.Board, draughts.Black, runs[1])), true
}

// exitRuns is the runs after p's side played a move that leaves the
// signature (a capture or a crowning) to board: its own run ends; the
// other's holds while its king and men are there.
func exitRuns(p draughts.Position, board []draughts.Piece) [2]draughts.KingRun {
	if p.Rules.KingMoveLimit == 0 {
		return [2]draughts.KingRun{}
	}
	runs := p.Runs
	runs[p.Turn] = draughts.KingRun{}
	return draughts.Position{Board: board, Runs: runs}.HeldRuns()
}

// runPredecessors is predecessors where mover has men and kings, and so a
// run: w.board and w.pl hold index i. A run of n > 1 moves came from the
// same king's run of n-1 on the square it left; a run of 1, from any run
// but of that king (none, or another king's); no run, from a man's step
// (a king's quiet move leaves a run), and any run before it. The other
// side's run is as it was.
func (b *builder) runPredecessors(w *worker, mover draughts.Color, i int64, f func(j int64)) {
	sh := &b.sh
	runs := b.l.runsAt(sh, i, &w.pl)
	st := int(i / sh.base)
	other := [2]int{st % sh.runs[0], st / sh.runs[0]}[mover.Opponent()]
	place := i % sh.base
	emit := func(j int64, mine int) {
		if mover == draughts.White {
			f(j + sh.runPart(mine, other))
		} else {
			f(j + sh.runPart(other, mine))
		}
	}
	lim, nk := b.r.KingMoveLimit, sh.n[kingGroup(mover)]
	// every state of mover but those of the king of rank skip (-1: none)
	every := func(j int64, skip int) {
		emit(j, 0)
		for n := 1; n <= lim; n++ {
			for k := range nk {
				if k != skip {
					emit(j, 1+(n-1)*nk+k)
				}
			}
		}
	}
	gM, gK := groupsOf(mover)[0], groupsOf(mover)[1]
	run := runs[mover]
	if run.Moves == 0 {
		for _, x := range w.pl.d[gM][:sh.n[gM]] {
			to := b.l.doms[gM].sq[x]
			for _, dir := range b.r.ManDirs(mover) {
				if a := b.r.Geo.Step(to, draughts.Opposite(dir)); a >= 0 && w.board[a] == draughts.Empty && b.l.doms[gM].num[a] >= 0 {
					every(b.l.moved(sh, place, &w.pl, gM, to, a), -1)
				}
			}
		}
		return
	}
	to, geo := int(run.Square), b.r.Geo
	king := w.board[to]
	for dir := range 4 {
		for a := geo.Step(to, dir); a >= 0 && w.board[a] == draughts.Empty; a = geo.Step(a, dir) {
			j := b.l.moved(sh, place, &w.pl, gK, to, a)
			w.board[to], w.board[a] = draughts.Empty, king // the predecessor's kings, for the rank
			k := kingRank(w.board, mover, a)
			w.board[to], w.board[a] = king, draughts.Empty
			if run.Moves > 1 {
				emit(j, 1+(int(run.Moves)-2)*nk+k)
			} else {
				every(j, k)
			}
			if !b.r.FlyingKings {
				break
			}
		}
	}
}
