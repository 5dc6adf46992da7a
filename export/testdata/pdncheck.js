// Checks games exported by metz with the npm "draughts" package (0.2.1),
// an independent 10x10 implementation: its PDN reader reads the tags and
// loads the FEN tag with its own FEN reader, and its own move generator
// must accept every main-line move. Input on stdin: a JSON array of PDN
// texts, one game each. Output: per game, the position it loaded, the
// position after the main line, and how many moves it accepted.
const Draughts = require(process.argv[2]);
console.log = console.error; // the package prints debugging output

// mainLine lists the main line's moves: comments, variations, move numbers
// and the result removed. (The package's own movetext step cannot be used:
// in 0.2.1 it looks legal moves up by internal board index, not square
// number, and so rejects every move.)
function mainLine(movetext) {
  let s = movetext.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
  for (let prev = ''; prev !== s;) { prev = s; s = s.replace(/\([^()]*\)/g, ' '); }
  return s.split(/\s+/).map((w) => w.replace(/^\d+\.+/, '')).filter((w) => /^\d+[-x]\d+/.test(w));
}

let input = '';
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const out = JSON.parse(input).map((text) => {
    const d = new Draughts();
    // The package writes the set-up tag as "SetUp" but its reader looks
    // for "Setup"; give it both so that it reads the FEN tag at all.
    d.parsePDN(text.replace('[SetUp "1"]', '[SetUp "1"]\n[Setup "1"]'));
    const start = d.fen();
    const body = text.split(/\n\n/).slice(1).join(' ');
    const moves = mainLine(body);
    let played = 0;
    for (const m of moves) {
      const sq = m.split(/[-x]/);
      if (!d.move({ from: sq[0], to: sq[sq.length - 1] })) break;
      played++;
    }
    return { start, fen: d.fen(), moves: played, total: moves.length };
  });
  process.stdout.write(JSON.stringify(out));
});
