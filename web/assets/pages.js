// The pages' behaviour: everything goes through the JSON API (docs/web.md).
"use strict";
function api(method, url, body) {
  var opt = { method: method, headers: {} };
  if (body !== undefined) { opt.body = JSON.stringify(body); opt.headers["Content-Type"] = "application/json"; }
  return fetch(url, opt).then(function (r) {
    return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.statusText); return j; });
  });
}
function $(id) { return document.getElementById(id); }
function text(el, s) { el.textContent = s; }

// followJob streams a verification's progress into el until it ends;
// should the stream break (a proxy, a busy machine), it polls instead.
function followJob(job, el, done) {
  el.hidden = false;
  var cancel = $("cancel"), over = false;
  if (cancel) { cancel.hidden = false; cancel.onclick = function () { api("POST", "/api/jobs/" + job.id + "/cancel"); }; }
  function show(st) {
    if (over) return;
    el.innerHTML = "";
    var p = document.createElement("p"); p.className = "progress";
    p.textContent = st.state + " — " + st.phase + " — " + st.done + " of " + st.total + " problems, " +
      st.nodes + " nodes, " + st.seconds.toFixed(1) + " s";
    el.appendChild(p);
    var ul = document.createElement("ul");
    st.results.forEach(function (r) {
      var li = document.createElement("li");
      li.innerHTML = '<a></a> <b class="verdict-result"></b> <span></span>';
      li.children[0].href = "/problems/" + encodeURIComponent(r.ref); text(li.children[0], r.ref);
      text(li.children[1], r.verdict);
      text(li.children[2], (r.key ? "key " + r.key + "; " : "") + (r.evidence || "") + (r.standing ? " — " + r.standing : ""));
      ul.appendChild(li);
    });
    el.appendChild(ul);
    if (st.error) { var e = document.createElement("p"); e.className = "error"; e.textContent = st.error; el.appendChild(e); }
    if (st.state !== "running") { over = true; es.close(); if (cancel) cancel.hidden = true; if (done) done(st); }
  }
  function poll() {
    if (over) return;
    api("GET", "/api/jobs/" + job.id).then(function (st) { show(st); setTimeout(poll, 1000); },
      function () { setTimeout(poll, 2000); });
  }
  var es = new EventSource("/api/jobs/" + job.id + "/events");
  es.onmessage = function (m) { show(JSON.parse(m.data)); };
  es.onerror = function () { es.close(); poll(); };
}

function searchPage() {
  var v = $("verify-all"); if (!v) return;
  v.addEventListener("click", function () {
    v.disabled = true;
    api("POST", "/api/verify", { query: v.dataset.query })
      .then(function (job) { followJob(job, $("job"), function () { v.disabled = false; }); })
      .catch(function (e) { $("job").hidden = false; text($("job"), e.message); v.disabled = false; });
  });
}

// evidenceLines lists where the solver's lines leave the stated ones (a
// cook, an omitted defence, a refutation, a dual), each a link that plays
// it on the board.
function evidenceLines(data, player, ul) {
  if (!ul) return;
  (function walk(alts, prefix) {
    (alts || []).forEach(function (n) {
      var line = prefix.concat([n]);
      if (n.origin === "solver" && (!prefix.length || prefix[prefix.length - 1].origin !== "solver")) {
        var li = document.createElement("li"), a = document.createElement("a");
        a.href = "#"; a.className = "evline";
        a.textContent = "ply " + line.length + ": " + (n.name || n.move);
        a.addEventListener("click", function (e) { e.preventDefault(); player.choose(line.concat(mainLine(n.children)), line.length); });
        li.appendChild(a); li.appendChild(document.createTextNode(" " + (n.comment || "").replace(/^metz: /, "")));
        ul.appendChild(li);
      }
      walk(n.children, line);
    });
  })(data.children, []);
  ul.hidden = !ul.children.length;
}

function problemPage() {
  var art = $("problem"); if (!art) return;
  var ref = encodeURIComponent(art.dataset.ref);
  var data = JSON.parse($("replay").textContent || "null");
  if (data && $("board")) {
    var player = new Player(new Board($("board"), data.geometry), data, $("lines"), $("plyinfo"));
    player.keys();
    evidenceLines(data, player, $("evidence-lines"));
    document.querySelectorAll(".goply").forEach(function (a) {
      a.addEventListener("click", function (e) { e.preventDefault(); player.choose(mainLine(data.children), +a.dataset.ply); });
    });
  }
  var reload = function () { location.reload(); };
  var fail = function (e) { alert(e.message); };
  $("tagform").addEventListener("submit", function (e) {
    e.preventDefault(); api("POST", "/api/problems/" + ref + "/tags", { tag: $("tag").value }).then(reload, fail);
  });
  $("noteform").addEventListener("submit", function (e) {
    e.preventDefault(); api("POST", "/api/problems/" + ref + "/notes", { text: $("note").value }).then(reload, fail);
  });
  document.querySelectorAll(".untag").forEach(function (b) {
    b.addEventListener("click", function () { api("DELETE", "/api/problems/" + ref + "/tags/" + encodeURIComponent(b.dataset.tag)).then(reload, fail); });
  });
  document.querySelectorAll(".delnote").forEach(function (b) {
    b.addEventListener("click", function () { api("DELETE", "/api/problems/" + ref + "/notes/" + b.dataset.note).then(reload, fail); });
  });
  var vb = $("verify");
  if (vb) vb.addEventListener("click", function () {
    vb.disabled = true;
    api("POST", "/api/verify", { refs: [art.dataset.ref], budget: $("budget").value })
      .then(function (job) { followJob(job, $("job"), function (st) { if (st.state === "done") reload(); else vb.disabled = false; }); })
      .catch(function (e) { $("job").hidden = false; text($("job"), e.message); vb.disabled = false; });
  });
}

function editorPage() {
  if (!$("editor")) return;
  var board = null, pos = "", geo = null;
  function fen() {
    var w = [], b = [];
    for (var i = 0; i < pos.length; i++) {
      var c = pos.charAt(i), n = geo.names[i];
      if (c === "w") w.push(n); else if (c === "W") w.push("K" + n);
      else if (c === "b") b.push(n); else if (c === "B") b.push("K" + n);
    }
    return $("turn").value + ":W" + w.join(",") + ":B" + b.join(",");
  }
  function draw() { board.show(pos, [], []); $("fenin").value = fen(); }
  function load(f) {
    return api("GET", "/api/position?rules=" + encodeURIComponent($("rules").value) + "&fen=" + encodeURIComponent(f))
      .then(function (rp) {
        if (!geo || geo.rules !== rp.geometry.rules) {
          geo = rp.geometry; board = new Board($("board"), geo);
          board.onClick(function (i) {
            if ($("playmode").checked) { play(i); return; }
            var want = document.querySelector("input[name=piece]:checked").value;
            var cur = pos.charAt(i);
            pos = pos.substring(0, i) + (cur === want ? "." : want) + pos.substring(i + 1);
            draw();
          });
        }
        pos = rp.board; $("turn").value = rp.fen.charAt(0) === "B" ? "B" : "W"; draw();
      });
  }
  function message(cls, s) { var li = document.createElement("li"); li.className = cls; li.textContent = s; $("messages").appendChild(li); }
  // checks counts the checks sent; only the last one's answer is shown:
  // answers may come back out of order, and an older one would redraw the
  // board and reset where a move played by clicking starts. checking is
  // the last check while it is on its way.
  var checks = 0, checking = null;
  function check() {
    var mine = ++checks;
    $("messages").innerHTML = "";
    checking = api("POST", "/api/check", { rules: $("rules").value, fen: fen(), solution: $("solution").value }).then(function (c) {
      if (mine !== checks) return;
      checking = null;
      c.warnings.forEach(function (w) {
        message("warning", "line " + w.line + ": " + JSON.stringify(w.text) + (w.expected ? " — expected " + w.expected : "") + (w.ply ? " (ply " + w.ply + ")" : ""));
      });
      var n = 0; (function count(ch) { (ch || []).forEach(function (x) { if (x.board) n++; count(x.children); }); })(c.replay.children);
      message(c.warnings.length ? "bad" : "ok", c.warnings.length ? c.warnings.length + " problem(s) in the solution; " + n + " move(s) read" : "every move is legal: " + n + " move(s) read");
      $("lines").innerHTML = "";
      var player = new Player(board, c.replay, $("lines"), null);
      player.keys();
      // Moves played by clicking continue the main line from its end.
      var line = mainLine(c.replay.children), k = player.playable();
      end = { fen: k > 0 ? line[k - 1].fen : c.replay.fen, moves: null, from: null };
      player.go(k);
    }, function (e) { if (mine === checks) { checking = null; message("bad", e.message); } });
    return checking;
  }
  // end is where a move played by clicking starts: the end of the typed
  // solution's main line, as the last check read it.
  var end = null;
  function play(i) {
    var name = geo.names[i];
    var ready = end ? Promise.resolve() : checking || check();
    ready.then(function () {
      if (!end) return;
      if (!end.moves) {
        return api("GET", "/api/moves?rules=" + encodeURIComponent($("rules").value) + "&fen=" + encodeURIComponent(end.fen))
          .then(function (ms) { end.moves = ms; pick(name); });
      }
      pick(name);
    });
  }
  function pick(name) {
    var from = end.moves.filter(function (m) { return m.path[0] === name; });
    if (from.length && end.from !== name) { end.from = name; board.cells[geo.names.indexOf(name)].classList.add("from"); return; }
    var ms = end.moves.filter(function (m) { return m.path[0] === end.from && m.path[m.path.length - 1] === name; });
    if (!ms.length) { $("messages").innerHTML = ""; message("bad", "no legal move from " + end.from + " to " + name + (end.moves.length ? "" : ": the side to move has none")); end.from = null; return; }
    var m = ms[0], text = ms.length > 1 ? m.path.join(" à ") : m.path[0] + " à " + m.path[m.path.length - 1];
    var white = end.fen.charAt(0) === "W", sol = $("solution").value.replace(/\s+$/, "");
    if (white) sol += (sol ? "\n" : "") + text;
    else sol += (sol ? "     " : "... ") + text;
    $("solution").value = sol + "\n";
    end = null;
    check();
  }
  $("rules").addEventListener("change", function () { geo = null; load("W::"); });
  $("turn").addEventListener("change", function () { $("fenin").value = fen(); });
  $("clear").addEventListener("click", function () { pos = pos.replace(/[^.]/g, "."); draw(); });
  $("loadfen").addEventListener("click", function () { load($("fenin").value).catch(function (e) { $("messages").innerHTML = ""; message("bad", e.message); }); });
  $("check").addEventListener("click", check);
  $("solution").addEventListener("input", function () { end = null; checks++; checking = null; });
  $("save").addEventListener("click", function () {
    $("messages").innerHTML = "";
    api("POST", "/api/drafts", { source: $("source").value, number: +$("number").value, title: $("title").value,
      book: $("book").value, rules: $("rules").value, fen: fen(), stipulation: $("goal").value, solution: $("solution").value })
      .then(function (r) {
        var li = document.createElement("li"); li.className = "ok";
        li.innerHTML = 'Saved as <a id="saved"></a> (' + r.import.new + " new, " + r.import.updated + " updated, " + r.import.outdated + " with verdicts of an earlier version).";
        li.firstElementChild.href = "/problems/" + encodeURIComponent(r.name); li.firstElementChild.textContent = r.name;
        $("messages").appendChild(li);
      }, function (e) { message("bad", e.message); });
  });
  load($("fenin").value || "W::");
}
searchPage(); problemPage(); editorPage();
// The page answers clicks from here on (the browser test waits for it).
document.body.dataset.ready = "1";
