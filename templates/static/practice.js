/* Practice on a question page: "New numbers" swaps in another precomputed variant, "Check" judges
 * the final answer (one box per answer part). The variants were computed by `bank build`; their HTML
 * is already escaped, and a field that only changes its numbers comes as [shape, digits]: one of the
 * page's shapes, with a placeholder for each run of digits. Without JavaScript none of this runs and the page shows the original numbers
 * in <details>. grader.js (when the site ships it) marks the working box and reads `BankPractice`. */
(function () {
  "use strict";
  var dataNode = document.getElementById("practice-data");
  var tools = document.querySelector("[data-practice]");
  if (!dataNode || !tools || !window.BankCheck) return;
  var data = JSON.parse(dataNode.textContent);
  var variants = data.variants;
  var current = 0;
  var listeners = [];

  var note = tools.querySelector("[data-variant-note]");
  var newNumbers = tools.querySelector("[data-action='new-numbers']");
  var form = tools.querySelector("[data-check]");
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input[data-part]"));
  var verdict = form.querySelector("[data-verdict]");
  var showWorked = form.querySelector("[data-action='show-worked']");
  var worked = document.getElementById("worked");

  function field(name) { return document.querySelectorAll("[data-field='" + name + "']"); }

  /* A variant's field as HTML: as it came, or its shape with the digits put back (bank.site.prose.Filled). */
  function fieldHTML(field) {
    if (typeof field === "string") return field;
    var digits = field[1], next = 0;
    return data.shapes[field[0]].replace(/\ue000/g, function () { return digits[next++]; });
  }

  function setHTML(name, html) {
    var nodes = field(name);
    for (var i = 0; i < nodes.length; i++) nodes[i].innerHTML = html;
  }

  function setList(name, items) {
    setHTML(name, items.map(function (item) { return "<li>" + fieldHTML(item) + "</li>"; }).join(""));
  }

  function escapeText(text) {
    var div = document.createElement("div");
    div.textContent = text;
    return div.innerHTML;
  }

  /* Said as a learner would: which numbers these are, not which seed made them. */
  function describe(index) {
    if (index === 0) return "These are the question's original numbers.";
    return "New numbers: set " + index + " of " + (variants.length - 1) + ". The worked answer follows them.";
  }

  /* Show variant `index` everywhere at once: problem, answer, steps, final answers and takeaway. */
  function show(index) {
    var v = variants[index];
    current = index;
    setHTML("problem", fieldHTML(v.problem));
    setHTML("answer", fieldHTML(v.answer));
    setList("key_points", v.key_points);
    setList("steps", v.steps);
    setHTML("result", escapeText(v.parts[0].text));
    setHTML("parts", v.parts.map(function (p) {
      return "<li>" + escapeText(p.label) + ": <strong>" + escapeText(p.text) + "</strong></li>";
    }).join(""));
    setHTML("takeaway", fieldHTML(v.takeaway));
    note.textContent = describe(index);
    var open = document.querySelectorAll("details[data-reveal][open]");
    for (var i = 0; i < open.length; i++) open[i].open = false;
    verdict.textContent = "";
    verdict.className = "verdict";
    showWorked.hidden = true;
    inputs.forEach(function (input) { input.value = ""; });
    listeners.forEach(function (fn) { fn(v); });
  }

  function sentence(outcome, part, named) {
    var name = named ? part.label + ": " : "";
    if (outcome.status === "right") return name + "right. The answer is " + part.text + ".";
    if (outcome.status === "wrong") {
      return name + "not right yet. " + (outcome.message || "Check your working, or show the worked answer.");
    }
    return name + "I can't read that: " + outcome.message + " Try a plain number such as 31.7, $21,900, 30M or 10%.";
  }

  function check(event) {
    event.preventDefault();
    var v = variants[current];
    var named = v.parts.length > 1;
    var outcomes = inputs.map(function (input, i) {
      return window.BankCheck.judge(input.value, v.parts[i], data.units[i]);
    });
    var worst = outcomes.some(function (o) { return o.status === "unreadable"; }) ? "unreadable"
      : (outcomes.every(function (o) { return o.status === "right"; }) ? "right" : "wrong");
    verdict.className = "verdict " + worst;
    verdict.textContent = "";
    outcomes.forEach(function (outcome, i) {
      var line = document.createElement("p");
      line.className = "part-verdict " + outcome.status;
      line.setAttribute("data-part-status", outcome.status);
      var text = sentence(outcome, v.parts[i], named);
      line.textContent = text.charAt(0).toUpperCase() + text.slice(1);
      verdict.appendChild(line);
    });
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

  /* For grader.js: the data, the variant on screen, and a hook for when it changes. */
  window.BankPractice = {
    data: data,
    current: function () { return variants[current]; },
    onChange: function (fn) { listeners.push(fn); }
  };
})();
