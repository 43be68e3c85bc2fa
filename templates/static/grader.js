/* Step marking in the browser: bank's own Python grader, run by Pyodide (WebAssembly CPython).
 *
 * Nothing loads until the learner first presses "Check working": then the Python runtime
 * (static/pyodide/, from the npm `pyodide` package) and the grader's modules (static/grader/bank.zip)
 * come from this site, never another host. Each later Check reuses them. The verdicts are the
 * dict of `bank grade --json`: one per line (correct, carried, slip with its diagnosis, unmatched,
 * error with a caret), then the final answer per part. From file:// a browser will not start
 * WebAssembly fetched from disk, so the box says why instead. */
(function () {
  "use strict";
  var form = document.querySelector("[data-working]");
  var practice = window.BankPractice;
  if (!form || !practice || !practice.data.grader) return;
  var script = document.currentScript && document.currentScript.src;
  var box = form.querySelector("textarea");
  var loading = form.querySelector("[data-loading]");
  var bar = form.querySelector("[data-progress]");
  var marks = form.querySelector("[data-marks]");
  var button = form.querySelector("button[type=submit]");
  var marker = null;   /* a promise of the Python `mark` function, made on the first Check */

  var SIGNS = { correct: "\u2713", carried: "\u2713", slip: "\u2717", unmatched: "\u00b7", error: "?" };
  var WORDS = { correct: "Right", carried: "Right method, your earlier number",
                slip: "Slip", unmatched: "Right arithmetic, not a step of this answer", error: "Can't read this line" };
  var FINAL = { correct: "right", wrong: "not right", missing: "not found in your working" };

  function stage(text, value) {
    loading.textContent = text;
    bar.hidden = value === null;
    if (value !== null) bar.value = value;
  }

  function load() {
    if (marker) return marker;
    marker = (async function () {
      stage("Loading Python into this page (once per visit)\u2026", 1);
      var base = new URL("pyodide/", script).href;
      var module = await import(base + "pyodide.mjs");
      stage("Starting Python\u2026", 2);
      var py = await module.loadPyodide({ indexURL: base, packages: [], fullStdLib: false });
      stage("Loading the marker\u2026", 3);
      var zip = await fetch(new URL("grader/bank.zip", script).href).then(function (r) {
        if (!r.ok) throw new Error("grader/bank.zip: HTTP " + r.status);
        return r.arrayBuffer();
      });
      py.unpackArchive(zip, "zip", { extractDir: "/bank-grader" });
      py.runPython([
        "import json, sys",
        "sys.path.insert(0, '/bank-grader')",
        "from bank.grade.portable import grade_data",
        "def mark(data, values, text):",
        "    return json.dumps(grade_data(json.loads(data), json.loads(values), text))"
      ].join("\n"));
      return py.globals.get("mark");
    })();
    marker.catch(function () { marker = null; });  /* a failed load may be retried */
    return marker;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function caret(line) {
    var pre = el("pre", "caret");
    pre.textContent = line.text + "\n" + " ".repeat(Math.max(0, (line.column || 1) - 1)) + "^";
    return pre;
  }

  function lineItem(line) {
    var item = el("li", "mark " + line.status);
    item.setAttribute("data-status", line.status);
    item.setAttribute("data-line", String(line.n));
    if (line.step) item.setAttribute("data-step", line.step);
    if (line.diagnosis) item.setAttribute("data-diagnosis", line.diagnosis);
    var head = el("p", "mark-head");
    head.appendChild(el("span", "mark-sign", SIGNS[line.status] || "")).setAttribute("aria-hidden", "true");
    head.appendChild(el("code", "mark-text", line.text));
    item.appendChild(head);
    var words = WORDS[line.status] + (line.diagnosis ? " (" + line.diagnosis.replace(/-/g, " ") + ")" : "");
    var said = el("p", "mark-said");
    said.appendChild(el("strong", "mark-status", words + ": "));
    said.appendChild(el("span", "mark-message", line.message));
    item.appendChild(said);
    if (line.status === "error") item.appendChild(caret(line));
    return item;
  }

  function finals(report) {
    var parts = report.parts || [report.final];
    var list = el("ul", "mark-finals");
    parts.forEach(function (part, i) {
      var item = el("li", "final-mark " + part.status);
      item.setAttribute("data-final-status", part.status);
      item.setAttribute("data-part", part.step || String(i));
      var label = parts.length > 1 && part.label ? "Final answer (" + part.label + ")" : "Final answer";
      item.appendChild(el("strong", "", label + ": " + (FINAL[part.status] || part.status) + ". "));
      item.appendChild(el("span", "", part.message || ""));
      list.appendChild(item);
    });
    return list;
  }

  function show(report, ms) {
    marks.textContent = "";
    marks.setAttribute("data-ms", String(Math.round(ms)));
    if (!report.lines.length) {
      marks.appendChild(el("p", "", "Write at least one line of working first."));
      return;
    }
    var list = el("ol", "mark-lines");
    report.lines.forEach(function (line) { list.appendChild(lineItem(line)); });
    marks.appendChild(el("h3", "", "Your working, marked"));
    marks.appendChild(list);
    marks.appendChild(finals(report));
    marks.appendChild(el("p", "mark-score", "Score: " + Math.round(report.score * 100) + "%"));
  }

  async function check(event) {
    event.preventDefault();
    if (window.location.protocol === "file:") {
      marks.textContent = "Marking your working needs a web server: browsers do not let a page opened "
        + "from a file start the Python that marks it. Run `bank serve` (or publish the folder) and try "
        + "again. The final-answer check below works anywhere.";
      return;
    }
    var started = performance.now();
    button.disabled = true;
    try {
      var mark = await load();
      stage("Marking\u2026", 4);
      var v = practice.current();
      var report = JSON.parse(mark(JSON.stringify(practice.data.grader), JSON.stringify(v.values), box.value));
      show(report, performance.now() - started);
      stage("", null);
    } catch (error) {
      stage("", null);
      marks.textContent = "The marker could not load (" + (error && error.message || error) + "). "
        + "The final-answer check below still works.";
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener("submit", check);
  practice.onChange(function () { marks.textContent = ""; box.value = ""; });
})();
