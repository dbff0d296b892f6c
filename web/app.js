// SPDX-License-Identifier: MIT
// The page: reads its state from the address (?rule=kayles&heaps=3,5,7&to=11&misere=1), asks the
// worker (worker.js, libgrundy in WebAssembly) and shows the answers. No framework: a few
// functions that each draw one part of the page.
"use strict";

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- the address

function readAddress() {
  const q = new URLSearchParams(location.search);
  const to = q.get("to");
  return {
    rule: q.get("rule") || "kayles",
    heaps: q.get("heaps") || "3,5,7",
    to: to !== null && /^\d+$/.test(to) ? Number(to) : null,
    misere: q.get("misere") === "1",
    budget: Number(q.get("budget")) > 0 ? Number(q.get("budget")) : 5,
  };
}

function writeAddress() {
  const q = new URLSearchParams();
  q.set("rule", $("rule").value.trim());
  q.set("heaps", $("heaps").value.trim());
  if ($("to").value !== "") {
    q.set("to", $("to").value);
  }
  if ($("misere").checked) {
    q.set("misere", "1");
  }
  if (state.budget !== 5) {
    q.set("budget", String(state.budget));
  }
  history.replaceState(null, "", "?" + q.toString().replace(/%2C/g, ","));
}

// ---------------------------------------------------------------- the worker

const state = { budget: 5, analysis: 0, period: null, canonical: "", lastLength: 0 };
let worker = null;
let nextId = 1;
const pending = new Map(); // id -> resolve, for play requests

function startWorker() {
  worker = new Worker("worker.js");
  worker.onmessage = (event) => onWorkerMessage(event.data);
  worker.onerror = (event) => showFailure("the computation failed: " + event.message);
}

function request(msg) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
    worker.postMessage(Object.assign({ id }, msg));
  });
}

function onWorkerMessage(msg) {
  if (msg.progress !== undefined) {
    showProgress(msg.progress, msg.target);
    return;
  }
  if (pending.has(msg.id)) {
    pending.get(msg.id)(msg.result);
    pending.delete(msg.id);
    return;
  }
  if (msg.id !== state.analysis) {
    return; // an answer to an analysis given up
  }
  const handlers = {
    rule: () => showRule(msg.info),
    period: () => showPeriod(msg.period),
    values: () => showValues(msg.values),
    svg: () => showPicture(msg.svg),
    done: () => finishAnalysis("done"),
    failed: () => showFailure(msg.error),
  };
  handlers[msg.type]();
}

// ---------------------------------------------------------------- the rule and its analysis

// A new worker in place of the busy one: what it was computing is given up.
function restartWorker() {
  worker.terminate();
  for (const resolve of pending.values()) {
    resolve({ error: "stopped" });
  }
  pending.clear();
  startWorker();
}

function analyse() {
  if (!$("stop").disabled) {
    restartWorker(); // the analysis running is given up for this one
  }
  const rule = $("rule").value.trim();
  const to = $("to").value === "" ? null : Math.min(Number($("to").value), 9999);
  writeAddress();
  state.period = null;
  state.lastLength = 0;
  state.analysis = nextId++;
  $("rule-error").hidden = true;
  $("values-section").hidden = true;
  $("picture-section").hidden = true;
  $("play-section").hidden = true;
  $("values-section").dataset.state = "computing";
  for (const id of ["values-table", "values-text", "counts-text", "period-text", "picture"]) {
    $(id).textContent = "";
  }
  $("stop").disabled = false;
  $("progress-row").hidden = false;
  $("progress").removeAttribute("value");
  $("progress-text").textContent = "starting";
  worker.postMessage({
    id: state.analysis,
    cmd: "analyse",
    rule,
    to,
    budgetMs: state.budget * 1000,
  });
}

function stopAnalysis() {
  restartWorker();
  finishAnalysis("stopped");
  $("values-section").hidden = false;
  if (!$("play-section").hidden) {
    newGame(); // the position's answers were given up with the worker
  }
  if (state.period) {
    showPeriod(state.period, true);
  } else {
    $("period-text").textContent =
      "Stopped at heap " + state.lastLength.toLocaleString("en") + ": no period found so far.";
  }
}

function finishAnalysis(how) {
  $("stop").disabled = true;
  $("values-section").dataset.state = how;
  $("progress-row").hidden = how !== "stopped";
  if (how === "stopped") {
    $("progress").value = 0;
    $("progress-text").textContent =
      "stopped after g(0.." + Math.max(state.lastLength - 1, 0).toLocaleString("en") + ")";
  }
}

function showProgress(length, target) {
  state.lastLength = Math.max(state.lastLength, length);
  $("progress").max = target;
  $("progress").value = Math.min(length, target);
  $("progress-text").textContent =
    "computing g(n) for heaps up to " + Math.round(target - 1).toLocaleString("en") +
    ": " + Math.round(length).toLocaleString("en") + " done";
}

function showFailure(text) {
  finishAnalysis("failed");
  $("rule-error").hidden = false;
  $("rule-error").textContent = text;
}

// A bad rule: the library's message with its position, as `grundy rule` says it, and a caret.
function showRuleError(text, info) {
  const err = $("rule-error");
  err.hidden = false;
  err.textContent = "";
  const line = document.createElement("p");
  line.id = "rule-error-text";
  line.textContent = "rule '" + text + "', position " + info.position + ": " + info.error;
  const where = document.createElement("pre");
  where.textContent = text + "\n" + " ".repeat(Math.max(info.position - 1, 0)) + "^";
  err.append(line, where);
  document.querySelector("details.help").open = true;
}

function showRule(info) {
  if (info.error) {
    finishAnalysis("failed");
    $("rule-info").hidden = true;
    showRuleError($("rule").value.trim(), info);
    return;
  }
  state.canonical = info.canonical;
  $("rule-info").hidden = false;
  $("canonical").textContent = info.canonical;
  $("rule-name").textContent = info.name ? "(" + info.name + ")" : "";
  $("rule-words").textContent = info.words.split("\n").slice(1).join("\n").trimEnd();
  $("play-section").hidden = false;
  newGame();
}

const proofWords = {
  "guy-smith": [
    "the Guy-Smith theorem",
    "moves leave at most two heaps, so values that repeat over 2·n0 + 2·p + t heaps repeat forever",
  ],
  "k-heap": [
    "the k-heap form of the Guy-Smith theorem",
    "moves leave at most k heaps, so a repeat over k·n0 + k·p + t + k heaps is forever",
  ],
  window: [
    "the window test for subtraction games",
    "a move looks back at most max(S) heaps, so a repeated window of that length repeats forever",
  ],
  "closed-form": ["its closed form", "a formula gives every value"],
};

function showPeriod(r, stopped) {
  state.period = r;
  const p = $("period-text");
  const last = (r.values_computed - 1).toLocaleString("en");
  const grouped = (n) => Number(n).toLocaleString("en");
  let text;
  let headline = "";
  if (r.found && r.proved && r.saltus === 0) {
    headline = "g(n + " + grouped(r.period) + ") = g(n) for every n ≥ " + grouped(r.preperiod) + ". ";
  } else if (r.found && r.proved) {
    headline = "g(n + " + grouped(r.period) + ") = g(n) + " + r.saltus + " for every n ≥ " +
      grouped(r.preperiod) + ". ";
  }
  if (!r.found) {
    text = "No period found: not proved up to heap " + last;
  } else {
    text = "Period " + grouped(r.period) + ", preperiod " + grouped(r.preperiod);
    if (r.saltus > 0) {
      text += ", saltus " + r.saltus + " (g(n + " + r.period + ") = g(n) + " + r.saltus + ")";
    }
    if (r.proved) {
      const [name, why] = proofWords[r.proof];
      text += ", proved by " + name;
      if (r.proof !== "closed-form") {
        text += " (" + grouped(r.values_needed) + " values needed, " +
          grouped(r.values_computed) + " computed)";
      }
      text += ": " + why;
    } else {
      text += ", observed over g(0.." + last + "): not proved up to heap " + last;
    }
  }
  if (!r.final && (stopped || r.budget_spent)) {
    text += stopped ? " (stopped)" : " (the search stopped after " + state.budget + " s)";
  }
  text += ".";
  p.textContent = "";
  const strong = document.createElement("strong");
  strong.textContent = headline;
  p.append(strong, text);
  p.dataset.found = r.found ? "1" : "0";
  p.dataset.proved = r.proved ? "1" : "0";
  p.dataset.period = r.found ? r.period : "";
  p.dataset.preperiod = r.found ? r.preperiod : "";
  p.dataset.proof = r.proof;
  p.dataset.final = r.final ? "1" : "0";
}

// The values in rows of the period (Winning Ways' tables): column j holds the heaps n = j mod p,
// so below the preperiod every column repeats one value. Without a (short) period, rows of ten.
function showValues(v) {
  if (v.error) {
    showFailure(v.error);
    return;
  }
  const r = state.period;
  const periodic = r && r.found && r.saltus === 0 && r.period <= 40;
  const width = periodic ? r.period : 10;
  const n0 = periodic ? r.preperiod : -1;
  $("table-layout").textContent = periodic
    ? "Row r, column +j holds g(r + j): with rows as long as the period, each column repeats " +
      "one value once the period has started (below the thick line)."
    : "Row r, column +j holds g(r + j), in rows of ten" +
      (r && r.found ? " (the period is too long for rows of it)." : ".");
  const table = $("values-table");
  table.textContent = "";
  const head = table.createTHead().insertRow();
  head.insertCell().outerHTML = "<th>n</th>";
  for (let j = 0; j < width; j++) {
    head.insertCell().outerHTML = "<th>+" + j + "</th>";
  }
  const body = table.createTBody();
  for (let start = 0; start <= v.to; start += width) {
    const row = body.insertRow();
    row.insertCell().outerHTML = "<th>" + start + "</th>";
    for (let n = start; n < start + width; n++) {
      const cell = row.insertCell();
      if (n > v.to) {
        continue;
      }
      const g = v.values[n];
      cell.textContent = g;
      cell.dataset.n = n;
      cell.title = "g(" + n + ") = " + g;
      cell.classList.toggle("p", g === 0);
      cell.classList.toggle("pre", n < n0);
      cell.classList.toggle("start", n0 >= 0 && n >= n0 && n - width < n0);
    }
  }
  $("values-text").textContent = v.values.join(" ");
  $("values-to").textContent = v.to;
  const grouped = (n) => n.toLocaleString("en");
  const counts = $("counts-text");
  const plural = (n, word) => grouped(n) + " " + word + (n === 1 ? "" : "s");
  counts.textContent = "Heaps 0 to " + v.to + ": " + plural(v.p_positions, "P-position") +
    " (the player to move loses), " + plural(v.n_positions, "N-position") +
    " (the player to move wins).";
  counts.dataset.p = v.p_positions;
  counts.dataset.n = v.n_positions;
  $("values-section").hidden = false;
}

function showPicture(answer) {
  if (answer.error) {
    $("picture").textContent = "The picture failed: " + answer.error;
  } else {
    // drawn by the library (grundy plot's picture); its XML declaration has no place in HTML
    $("picture").innerHTML = answer.svg.replace(/^<\?xml[^>]*>\s*/, "");
  }
  $("picture-section").hidden = false;
}

// ---------------------------------------------------------------- playing

const game = {
  heaps: [],
  misere: false,
  turn: "you",
  info: null,
  selected: null,
  busy: false,
  asked: 0, // the latest position asked about: older answers are dropped
};

function parseHeaps(text) {
  const parts = text.split(/[\s,]+/).filter((s) => s !== "");
  if (parts.length === 0 || parts.some((s) => !/^\d+$/.test(s)) || parts.length > 64) {
    return null;
  }
  const heaps = parts.map(Number);
  // JavaScript's numbers are exact to 2^53 - 1: larger heaps are the command line's.
  return heaps.every(Number.isSafeInteger) ? heaps.filter((h) => h > 0) : null;
}

function moveText(m) {
  const left = m.leaves.length === 0 ? "nothing" : m.leaves.join(" and ");
  return "heap " + (m.heap + 1) + " (" + m.size + "): take " + m.take + ", leaving " + left;
}

function applyMove(heaps, m) {
  return heaps.slice(0, m.heap).concat(m.leaves, heaps.slice(m.heap + 1));
}

async function newGame(event) {
  if (event) {
    event.preventDefault();
  }
  const heaps = parseHeaps($("heaps").value);
  writeAddress();
  $("history").textContent = "";
  $("hint-box").hidden = true;
  if (heaps === null) {
    game.asked++; // an answer still coming is for a game given up
    setStatus("over", "Heaps are whole numbers up to 2^53 - 1 separated by commas, such as " +
      "3,5,7 (at most 64 heaps).");
    return;
  }
  game.heaps = heaps;
  game.misere = $("misere").checked;
  await setTurn("you");
}

// Ask the library about the position, then show it for the player to move.
async function setTurn(turn) {
  const asked = ++game.asked;
  game.turn = turn;
  game.selected = null;
  game.busy = true;
  game.info = null;
  $("hint-box").hidden = true;
  setStatus("busy", turn === "you" ? "…" : "The machine is thinking…");
  drawBoard();
  const info = await request({
    cmd: "play",
    rule: $("rule").value.trim(),
    heaps: game.heaps,
    misere: game.misere,
  });
  if (asked !== game.asked) {
    return; // a newer position was asked for since (a new game, or the worker restarted)
  }
  game.busy = false;
  game.info = info;
  if (info.error) {
    setStatus("over", "The library cannot decide this position: " + info.error + ".");
    drawBoard();
    return;
  }
  if (info.all.moves.length === 0) {
    const moverWins = game.misere; // no move: lost in normal play, won in misere play
    const youWin = (turn === "you") === moverWins;
    setStatus("over", (youWin ? "You win" : "The machine wins") +
      ": " + (turn === "you" ? "you" : "the machine") + " cannot move" +
      (game.misere ? " (misère play: whoever cannot move wins)." : "."), youWin ? "you" : "machine");
    drawBoard();
    return;
  }
  if (turn === "machine") {
    setTimeout(machineMove, 250);
    return;
  }
  setStatus("you", "Your move: click a heap, then choose a move." + positionWords(info));
  drawBoard();
}

function positionWords(info) {
  if (game.misere) {
    return "";
  }
  const known = info.values.every((v) => v !== null);
  return known && info.values.length > 1
    ? " Nim-sum of the values: " + info.values.join(" ⊕ ") + " = " + info.nim_sum + "."
    : "";
}

function machineMove() {
  const info = game.info;
  // A winning move where one exists; else the first move of the largest heap, to last longest.
  let move = info.win ? info.moves[0] : null;
  if (move === undefined || move === null) {
    const largest = game.heaps.indexOf(Math.max(...game.heaps));
    move = info.all.moves.find((m) => m.heap === largest) || info.all.moves[0];
  }
  addHistory("Machine", move, info.win);
  game.heaps = applyMove(game.heaps, move);
  setTurn("you");
}

function userMove(move) {
  if (game.turn !== "you" || game.busy) {
    return;
  }
  addHistory("You", move, null);
  game.heaps = applyMove(game.heaps, move);
  setTurn("machine");
}

function addHistory(who, move, winning) {
  const li = document.createElement("li");
  li.textContent = who + ": " + moveText(move) + (winning ? " (a winning move)" : "");
  li.dataset.who = who.toLowerCase();
  $("history").append(li);
}

function setStatus(turn, text, winner) {
  const status = $("play-status");
  status.textContent = text;
  status.dataset.state = turn;
  status.dataset.winner = winner || "";
  $("hint").disabled = turn !== "you";
}

function drawBoard() {
  const board = $("board");
  board.textContent = "";
  const values = game.info && !game.info.error && !game.misere ? game.info.values : [];
  game.heaps.forEach((size, i) => {
    const row = document.createElement("button");
    row.type = "button";
    row.className = "heap" + (game.selected === i ? " selected" : "");
    row.dataset.heap = i;
    row.dataset.size = size;
    const label = document.createElement("span");
    label.className = "heap-label";
    label.textContent = "heap " + (i + 1) + ": " + size;
    const tokens = document.createElement("span");
    tokens.className = "tokens";
    tokens.textContent = "●".repeat(Math.min(size, 40)) + (size > 40 ? " …" : "");
    row.append(label, tokens);
    if (values[i] !== undefined && values[i] !== null) {
      const g = document.createElement("span");
      g.className = "heap-value";
      g.textContent = "g = " + values[i];
      row.append(g);
    }
    row.disabled = game.turn !== "you" || game.busy;
    row.onclick = () => selectHeap(i);
    board.append(row);
  });
  drawHeapMoves();
}

function selectHeap(i) {
  game.selected = i;
  drawBoard();
}

function drawHeapMoves() {
  const box = $("heap-moves");
  box.textContent = "";
  if (game.selected === null || game.turn !== "you" || !game.info || game.info.error) {
    return;
  }
  const moves = game.info.all.moves.filter((m) => m.heap === game.selected);
  const title = document.createElement("p");
  title.textContent = moves.length === 0
    ? "Heap " + (game.selected + 1) + " has no move."
    : "Moves of heap " + (game.selected + 1) + ":";
  box.append(title);
  for (const m of moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "move";
    b.dataset.take = m.take;
    b.dataset.leaves = m.leaves.join(",");
    b.textContent = "take " + m.take + (m.leaves.length ? ", leave " + m.leaves.join(" + ") : "");
    b.onclick = () => userMove(m);
    box.append(b);
  }
  if (game.info.all.more) {
    const more = document.createElement("p");
    more.textContent = "(only the first moves of the position are listed)";
    box.append(more);
  }
}

function showHint() {
  const info = game.info;
  const box = $("hint-box");
  box.textContent = "";
  box.hidden = false;
  const p = document.createElement("p");
  if (!info.win) {
    p.textContent = "No winning move: every move loses against best play" +
      (game.misere ? "." : " (the nim-sum is 0).");
    box.append(p);
    return;
  }
  p.textContent = info.move_count === 1 ? "The winning move:" :
    "The " + info.move_count + " winning moves:";
  const list = document.createElement("ul");
  for (const m of info.moves) {
    const li = document.createElement("li");
    li.textContent = moveText(m);
    li.dataset.heap = m.heap;
    li.dataset.take = m.take;
    li.dataset.leaves = m.leaves.join(",");
    list.append(li);
  }
  box.append(p, list);
}

// ---------------------------------------------------------------- start

function start() {
  const a = readAddress();
  state.budget = a.budget;
  $("rule").value = a.rule;
  $("heaps").value = a.heaps;
  $("to").value = a.to === null ? "" : a.to;
  $("misere").checked = a.misere;
  startWorker();
  $("rule-form").onsubmit = (event) => {
    event.preventDefault();
    analyse();
  };
  $("stop").onclick = stopAnalysis;
  $("play-form").onsubmit = newGame;
  $("machine-first").onclick = () => setTurn("machine");
  $("hint").onclick = showHint;
  $("misere").onchange = newGame;
  analyse();
}

start();
