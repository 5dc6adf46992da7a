// The board: drawn from the server's geometry (each square's row, column
// and name) and a position as one letter a square (. w b W B). It knows
// no rules: the server sends every ply's position.
"use strict";
function Board(el, geo) {
  this.el = el; this.geo = geo; this.cells = [];
  el.innerHTML = "";
  el.style.gridTemplateColumns = "repeat(" + geo.width + ", 1fr)";
  var at = {};
  for (var i = 0; i < geo.names.length; i++) at[geo.rows[i] * geo.width + geo.cols[i]] = i;
  for (var r = geo.height - 1; r >= 0; r--) {
    for (var c = 0; c < geo.width; c++) {
      var d = document.createElement("div");
      var sq = at[r * geo.width + c];
      if (sq === undefined) { d.className = "sq light"; } else {
        d.className = "sq dark"; d.dataset.square = geo.names[sq]; d.dataset.index = sq;
        d.title = geo.names[sq];
        var n = document.createElement("span"); n.className = "num"; n.textContent = geo.names[sq]; d.appendChild(n);
        this.cells[sq] = d;
      }
      el.appendChild(d);
    }
  }
}
Board.prototype.show = function (board, path, captured) {
  for (var i = 0; i < this.cells.length; i++) {
    var d = this.cells[i], ch = board.charAt(i);
    d.classList.remove("from", "to", "via", "taken");
    var old = d.querySelector(".piece"); if (old) d.removeChild(old);
    if (ch && ch !== ".") {
      var p = document.createElement("span");
      p.className = "piece " + (ch.toLowerCase() === "w" ? "white" : "black") + (ch === "W" || ch === "B" ? " king" : "");
      p.dataset.piece = ch;
      d.appendChild(p);
    }
  }
  var self = this;
  (path || []).forEach(function (s, k) {
    self.cells[s].classList.add(k === 0 ? "from" : (k === path.length - 1 ? "to" : "via"));
  });
  (captured || []).forEach(function (s) { self.cells[s].classList.add("taken"); });
};
Board.prototype.onClick = function (f) {
  this.cells.forEach(function (d, i) { d.addEventListener("click", function () { f(i); }); });
};

// Player: a replayed tree (its plies carry board, path, captured) shown
// on a board, stepping through the line chosen.
function Player(board, replay, linesEl, info) {
  this.board = board; this.replay = replay; this.info = info;
  this.line = []; this.at = 0; this.linesEl = linesEl;
  this.renderLines();
  this.choose(mainLine(replay.children));
}
function mainLine(ch) { var out = []; while (ch && ch.length) { out.push(ch[0]); ch = ch[0].children; } return out; }
Player.prototype.choose = function (line, at) {
  this.line = line; this.go(at === undefined ? 0 : at);
};
Player.prototype.go = function (i) {
  this.at = Math.max(0, Math.min(i, this.playable()));
  var n = this.at > 0 ? this.line[this.at - 1] : null;
  this.board.show(n ? n.board : this.replay.board, n ? n.path : [], n ? n.captured : []);
  var fen = document.getElementById("fen"); if (fen) fen.textContent = n ? n.fen : this.replay.fen;
  if (this.info) this.info.textContent = n ? ("ply " + this.at + ": " + (n.name || n.text)) : "start";
  var spans = this.linesEl ? this.linesEl.querySelectorAll(".mv") : [];
  for (var k = 0; k < spans.length; k++) spans[k].classList.toggle("current", spans[k]._node === n);
};
Player.prototype.playable = function () {
  var k = 0; while (k < this.line.length && this.line[k].board) k++; return k;
};
// renderLines writes the tree in modern style: each move a link that
// plays the line up to it; variations in parentheses.
Player.prototype.renderLines = function () {
  if (!this.linesEl) return;
  var self = this; this.linesEl.innerHTML = "";
  function walk(alts, prefix, into) {
    if (!alts || !alts.length) return;
    var main = alts[0];
    move(main, prefix, into);
    for (var i = 1; i < alts.length; i++) {
      var v = document.createElement("span"); v.className = "var"; v.appendChild(document.createTextNode(" ("));
      move(alts[i], prefix, v);
      // A solver's line (its proofs run long) shows its first move; the
      // rest opens on a click.
      var rest = document.createElement("span");
      walk(alts[i].children, prefix.concat([alts[i]]), rest);
      if (alts[i].origin === "solver" && rest.childNodes.length) {
        var t = document.createElement("a"); t.href = "#"; t.className = "toggle"; t.textContent = "…"; t.title = "show the rest of the line";
        rest.hidden = true;
        t.addEventListener("click", (function (r, t) { return function (e) { e.preventDefault(); r.hidden = !r.hidden; t.textContent = r.hidden ? "…" : "−"; }; })(rest, t));
        v.appendChild(t);
      }
      v.appendChild(rest);
      v.appendChild(document.createTextNode(") ")); into.appendChild(v);
    }
    walk(main.children, prefix.concat([main]), into);
  }
  function move(n, prefix, into) {
    var s = document.createElement("a"); s.href = "#"; s.className = "mv" + (n.origin === "solver" ? " solver" : "") + (n.issue ? " issue" : "");
    s.textContent = (n.name || n.text || n.move || "?") + (n.origin === "solver" ? "*" : "") + (n.mark ? " " + n.mark : "");
    if (n.issue) s.title = n.issue; else if (n.comment) s.title = n.comment;
    s._node = n;
    var line = prefix.concat([n]);
    s.addEventListener("click", function (e) { e.preventDefault(); self.choose(line.concat(mainLine(n.children)), line.length); });
    into.appendChild(s); into.appendChild(document.createTextNode(" "));
  }
  walk(this.replay.children, [], this.linesEl);
};
// keys makes this player the one the arrow keys and the buttons step
// (a page that replays again, the editor, binds them once).
Player.prototype.keys = function () {
  Player.active = this;
  if (Player.bound) return;
  Player.bound = true;
  var go = function (f) { return function () { var p = Player.active; p.go(f(p)); }; };
  document.addEventListener("keydown", function (e) {
    var p = Player.active;
    if (e.target && (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT")) return;
    if (e.key === "ArrowRight") { p.go(p.at + 1); e.preventDefault(); }
    if (e.key === "ArrowLeft") { p.go(p.at - 1); e.preventDefault(); }
    if (e.key === "Home") p.go(0);
    if (e.key === "End") p.go(p.line.length);
  });
  var b = function (id, f) { var el = document.getElementById(id); if (el) el.addEventListener("click", f); };
  b("first", go(function () { return 0; })); b("back", go(function (p) { return p.at - 1; }));
  b("fwd", go(function (p) { return p.at + 1; })); b("last", go(function (p) { return p.line.length; }));
};
