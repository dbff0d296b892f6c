// SPDX-License-Identifier: MIT
// The page's computing thread: libgrundy compiled to WebAssembly (grundy.js, grundy.wasm) answers
// here, so the page never freezes. Each request is {id, cmd, ...}; each answer carries its id.
// Progress ({progress, target}) comes from the library's quiescent points (grundy_web.c).
"use strict";

let ready;
const whenReady = new Promise((resolve) => (ready = resolve));
self.Module = { onRuntimeInitialized: () => ready() };
importScripts("grundy.js");

let openRule = null; // the rule text the library holds now
let openInfo = null;

function call(name, types, args) {
  return JSON.parse(Module.ccall(name, "string", types, args));
}

function open(rule) {
  if (rule !== openRule) {
    openInfo = call("web_open", ["string"], [rule]);
    openRule = openInfo.error ? null : rule;
  }
  return openInfo;
}

// Rows of the table: whole rows of the period, past the preperiod and two periods more; rows of
// ten without a period (or with one too long to lay out).
function defaultTo(period) {
  if (period.found && period.period <= 40) {
    const p = period.period;
    const rows = Math.ceil((period.preperiod + 2 * p) / p);
    return Math.min(Math.max(rows, 4) * p, 1200) - 1;
  }
  return 99;
}

// The period search in steps of growing max_n, each a grundy_period_find on the values so far,
// until the answer is final or the time budget is spent.
function searchPeriod(id, budgetMs) {
  const deadline = performance.now() + budgetMs; // the clock of emscripten_get_now
  let maxN = 1024;
  for (;;) {
    const period = call("web_period_step", ["number", "number"], [maxN, deadline]);
    if (period.error) {
      return period;
    }
    period.budget_spent = !period.final && (period.interrupted || performance.now() > deadline);
    self.postMessage({ id, type: "period", period });
    if (period.final || period.budget_spent) {
      return period;
    }
    maxN *= 4;
  }
}

function analyse(msg) {
  const { id } = msg;
  const info = open(msg.rule);
  self.postMessage({ id, type: "rule", info });
  if (info.error) {
    return;
  }
  if (msg.to !== null) {
    self.postMessage({ id, type: "values", values: call("web_values", ["number"], [msg.to]) });
  }
  const period = searchPeriod(id, msg.budgetMs);
  if (period.error) {
    self.postMessage({ id, type: "failed", error: period.error });
    return;
  }
  const to = msg.to !== null ? msg.to : defaultTo(period);
  if (msg.to === null) {
    self.postMessage({ id, type: "values", values: call("web_values", ["number"], [to]) });
  }
  const plotTo = Math.max(to, Math.min(period.values_computed - 1, 1023));
  const svg = call("web_sequence_svg", ["number"], [plotTo]);
  self.postMessage({ id, type: "svg", svg, to: plotTo });
  self.postMessage({ id, type: "done" });
}

function play(msg) {
  const info = open(msg.rule);
  if (info.error) {
    self.postMessage({ id: msg.id, type: "play", result: info });
    return;
  }
  const heaps = msg.heaps.join(",");
  const result = call("web_play", ["string", "number"], [heaps, msg.misere ? 1 : 0]);
  if (!result.error) {
    result.all = call("web_moves", ["string"], [heaps]);
  }
  self.postMessage({ id: msg.id, type: "play", result });
}

self.onmessage = async (event) => {
  await whenReady;
  const msg = event.data;
  try {
    if (msg.cmd === "analyse") {
      analyse(msg);
    } else if (msg.cmd === "play") {
      play(msg);
    }
  } catch (e) {
    self.postMessage({ id: msg.id, type: "failed", error: String(e) });
  }
};
