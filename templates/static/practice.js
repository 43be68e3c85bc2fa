/* Practice on a question page: "New numbers" swaps in another precomputed variant, "Check" judges
 * a final answer. The variants were computed by `bank build`; their HTML is already escaped.
 * Without JavaScript none of this runs and the page shows the default numbers in <details>. */
(function () {
  "use strict";
  var dataNode = document.getElementById("practice-data");
  var tools = document.querySelector("[data-practice]");
  if (!dataNode || !tools || !window.BankCheck) return;
  var data = JSON.parse(dataNode.textContent);
  var variants = data.variants;
  var current = 0;

  var note = tools.querySelector("[data-variant-note]");
  var newNumbers = tools.querySelector("[data-action='new-numbers']");
  var form = tools.querySelector("[data-check]");
  var input = form.querySelector("input");
  var verdict = form.querySelector("[data-verdict]");
  var showWorked = form.querySelector("[data-action='show-worked']");
  var worked = document.getElementById("worked");

  function field(name) { return document.querySelectorAll("[data-field='" + name + "']"); }

  function setHTML(name, html) {
    var nodes = field(name);
    for (var i = 0; i < nodes.length; i++) nodes[i].innerHTML = html;
  }

  function setList(name, items) {
    setHTML(name, items.map(function (item) { return "<li>" + item + "</li>"; }).join(""));
  }

  function describe(index) {
    var v = variants[index];
    var which = index === 0 ? "the defaults" : "seed " + v.seed;
    return "Numbers: set " + (index + 1) + " of " + variants.length + " (" + which + ").";
  }

  /* Show variant `index` everywhere at once: problem, answer, steps, result and takeaway. */
  function show(index) {
    var v = variants[index];
    current = index;
    setHTML("problem", v.problem);
    setHTML("answer", v.answer);
    setList("key_points", v.key_points);
    setList("steps", v.steps);
    setHTML("result", escapeText(v.result.text));
    setHTML("takeaway", v.takeaway);
    note.textContent = describe(index);
    var open = document.querySelectorAll("details[data-reveal][open]");
    for (var i = 0; i < open.length; i++) open[i].open = false;
    verdict.textContent = "";
    verdict.className = "verdict";
    showWorked.hidden = true;
    input.value = "";
  }

  function escapeText(text) {
    var div = document.createElement("div");
    div.textContent = text;
    return div.innerHTML;
  }

  function check(event) {
    event.preventDefault();
    var v = variants[current];
    var outcome = window.BankCheck.judge(input.value, v.result, data.unit, window.BANK_UNITS || {});
    verdict.className = "verdict " + outcome.status;
    if (outcome.status === "right") {
      verdict.textContent = "Right. The answer is " + v.result.text + ".";
    } else if (outcome.status === "wrong") {
      verdict.textContent = "Not right yet. " + (outcome.message || "Check your working, or show the worked answer.");
    } else {
      verdict.textContent = "I can't read that: " + outcome.message
        + " Try a plain number such as 31.7, $21,900, 30M or 10%.";
    }
    showWorked.hidden = false;
  }

  newNumbers.disabled = variants.length < 2;
  newNumbers.addEventListener("click", function () { show((current + 1) % variants.length); });
  form.addEventListener("submit", check);
  showWorked.addEventListener("click", function () {
    worked.open = true;
    var summary = worked.querySelector("summary");
    summary.focus();
    worked.scrollIntoView({ block: "start" });
  });
  note.textContent = describe(0);
  tools.hidden = false;
})();
