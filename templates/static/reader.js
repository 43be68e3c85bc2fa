/* The claims in a line of prose, as bank's Python reader finds them (bank/notation/lines.py).
 *
 * A human marker finds the arithmetic in "Read the weights: 70 GB ÷ 6 GB/s = 11.7 s." and skips the
 * words around it; so does readLine. It scans the tokens for link words ("=", "≈", "is", "so", "→",
 * "rounded up to"), approx words ("about", "~"), expressions (the parser's longest arithmetic from
 * each place a value can start), asides in brackets, and plain words and marks; then joins sides
 * into chains. The words come from window.BANK_VOCABULARY.
 *
 * Works in the browser (window.BankReader) and in Node (module.exports), for tests.
 */
(function (root) {
  "use strict";

  var N = root.BankNotation || require("./notation.js");
  var Parser = (root.BankParser || require("./parser.js")).Parser;
  var has = N.has;

  var EQUAL = "=", APPROXIMATE = "≈", SAYS = "says", IMPLIES = "so", ROUGHLY = "roughly";
  var STRAY_OPS = ["+", "*", "/", "^", "**"];
  var CONTINUING = ["+", "-", "*", "/", "x", "X", "times", "plus", "minus", "less", "divided", "multiplied", "of", "at",
                    "split", "per"];
  var PRONOUNS = ["it", "that", "this"];
  var COMPARISONS = ["<", ">", "≤", "≥", "<=", ">="];
  var LINK_MARKS = ["=", "≈", "~", "→", "->", "=>"];

  /* ---------------------------------------------------------------- link phrases */

  var PHRASES = null;
  function phrases() {  /* every link phrase as lower-case words, longest first (a stable sort, as Python's) */
    if (PHRASES) return PHRASES;
    var v = N.vocab().data, found = [];
    function words(text) { return text.split(/\s+/).filter(Boolean); }
    v.equals.forEach(function (w) { found.push([words(w), EQUAL, null]); });
    v.approx_equals.forEach(function (w) { found.push([words(w), APPROXIMATE, null]); });
    v.says.forEach(function (w) { found.push([words(w), SAYS, null]); });
    v.implies.forEach(function (w) { found.push([words(w), IMPLIES, null]); });
    var tails = [[], ["to"], ["up", "to"], ["gives"], ["is"], ["that's"], ["="], ["→"], [":"]];
    Object.keys(v.rounding).forEach(function (phrase) {
      var ws = words(phrase), how = v.rounding[phrase];
      tails.forEach(function (tail) {
        if (!(tail.length && ws.indexOf(tail[0]) >= 0)) found.push([ws.concat(tail), how, how]);
      });
    });
    PHRASES = found.map(function (p, i) { return [p, i]; })
      .sort(function (a, b) { return (b[0][0].length - a[0][0].length) || (a[1] - b[1]); })
      .map(function (p) { return p[0]; });
    return PHRASES;
  }
  function word(tok) { return tok.kind === "name" ? tok.text.toLowerCase().replace(/’/g, "'") : tok.text; }
  function matchPhrase(tokens, i) {
    var list = phrases();
    for (var p = 0; p < list.length; p++) {
      var ws = list[p][0], end = i + ws.length;
      if (end > tokens.length - 1) continue;
      var ok = true;
      for (var k = 0; k < ws.length && ok; k++) ok = word(tokens[i + k]) === ws[k];
      if (ok) return [ws.length, list[p][1], list[p][2]];
    }
    return null;
  }

  /* ---------------------------------------------------------------- scanning */

  function item(kind, start, end, extra) {
    var it = { kind: kind, start: start, end: end, node: null, link: "", rounding: null };
    return extra ? Object.assign(it, extra) : it;
  }

  function scan(parser, tokens, start, items) {
    var i = start;
    while (tokens[i].kind !== "end") {
      var tok = tokens[i];
      var it = linkOrApprox(tokens, i, items) || continuation(parser, tokens, i, items) ||
        expression(parser, tokens, i, items) || aside(tokens, i);
      if (it && it.kind === "expr") it = ofIt(tokens, it, items);
      if (!it) {
        var kind = tok.kind === "name" || tok.kind === "num" ? "word" : "punct";
        if (tok.kind === "op" && STRAY_OPS.indexOf(tok.text) >= 0) kind = "op";
        it = item(kind, i, i + 1);
      }
      items.push(it);
      i = it.end;
    }
    return items;
  }

  function ofIt(tokens, it, items) {  /* 2 x 7/8 of it: a share of the value just given on this line */
    var of = tokens[it.end], pronoun = it.end + 1 < tokens.length ? tokens[it.end + 1] : tokens[tokens.length - 1];
    if (of.text.toLowerCase() !== "of" || PRONOUNS.indexOf(pronoun.text.toLowerCase()) < 0 || it.node === null) return it;
    var before = null;
    for (var k = items.length - 1; k >= 0 && before === null; k--) if (items[k].kind === "expr" && items[k].node) before = items[k].node;
    if (before === null) return it;
    var node = { type: "binop", start: it.node.start, end: pronoun.end, op: "*", left: it.node,
                 right: moved(before, pronoun.start, pronoun.end), opStart: of.start };
    return Object.assign({}, it, { end: it.end + 2, node: node });
  }
  function moved(node, start, end) {  /* a value from elsewhere placed at start:end, every part of it too */
    var copy = Object.assign({}, node, { start: start, end: end });
    ["operand", "left", "right"].forEach(function (f) { if (node[f]) copy[f] = moved(node[f], start, end); });
    if (node.args) copy.args = node.args.map(function (a) { return moved(a, start, end); });
    if (node.type === "binop") copy.opStart = start;
    return copy;
  }

  function continuation(parser, tokens, i, items) {
    if (CONTINUING.indexOf(tokens[i].text) < 0 || tokens[i].kind === "num") return null;
    if (tokens[i].text === "-" && tokens[i + 1].start === tokens[i].end && items.length && items[items.length - 1].kind === "link") {
      return null;  /* "= -270 GB": a negative value, not "minus 270" from the value before */
    }
    var k = items.length - 1;
    while (k >= 0 && items[k].kind === "punct" && [",", "(", ";"].indexOf(tokens[items[k].start].text) >= 0) k -= 1;
    if (k < 0 || (items[k].kind !== "expr" && items[k].kind !== "link")) return null;
    var left = null;
    for (var j = k; j >= 0 && left === null; j--) if (items[j].kind === "expr") left = items[j].node;
    if (left === null || (items[k].kind === "link" && [IMPLIES, EQUAL, SAYS].indexOf(items[k].link) < 0)) return null;
    var found = parser.continuation(left, i);
    if (found === null) return null;
    return item("expr", i, found[1], { node: found[0], link: items[k].kind === "expr" ? "continues" : "" });
  }

  function linkOrApprox(tokens, i, items) {
    var tok = tokens[i], last = items[items.length - 1];
    var afterValue = (!!last && last.kind === "expr") ||
      (items.length > 1 && last.kind === "punct" && items[items.length - 2].kind === "expr");
    if ((tok.text === "~" || tok.text === "≈") && !afterValue) return item("approx", i, i + 1);
    if ((tok.text === "~" || tok.text === "≈") && last.kind === "punct") return item("link", i, i + 1, { link: ROUGHLY });
    if (tok.kind === "punct" && tok.text === ":" && afterValue) return item("link", i, i + 1, { link: SAYS });
    if (tok.kind === "name" && has(N.vocab().approx, word(tok)) && !matchPhrase(tokens, i)) {
      var end = i + 1 + (tokens[i + 1].text === "." && tokens[i + 1].start === tok.end ? 1 : 0);
      if (afterValue && last.kind === "punct") return item("link", i, end, { link: ROUGHLY });
      return item("approx", i, end);
    }
    var found = matchPhrase(tokens, i);
    if (found === null || (N.isFunction(tok.text) && tokens[i + 1].text === "(")) return null;  /* floor(21.2) is a call */
    if (found[1] === SAYS && !afterValue && tok.kind === "name" && !numberNext(tokens, i + found[0])) return null;
    return item("link", i, i + found[0], { link: found[1], rounding: found[2] });
  }
  function numberNext(tokens, i) {  /* "... and a step is 21.5 ms" states a result */
    while (tokens[i].kind === "name" && has(N.vocab().approx, word(tokens[i]))) i += 1;
    return tokens[i].kind === "num" || (tokens[i].text === "$" && tokens[i + 1].kind === "num");
  }

  function aside(tokens, i) {  /* (128k ctx), (I added 20): words in brackets, with no link inside */
    if (tokens[i].text !== "(") return null;
    var depth = 0, j = i;
    while (tokens[j].kind !== "end") {
      depth += tokens[j].text === "(" ? 1 : (tokens[j].text === ")" ? -1 : 0);
      j += 1;
      if (depth === 0) break;
    }
    var inside = tokens.slice(i + 1, j - 1);
    if (depth !== 0 || inside.some(function (t) { return LINK_MARKS.indexOf(t.text) >= 0; })) return null;
    var rounding = null;
    for (var k = i + 1; k < j && rounding === null; k++) {
      var found = matchPhrase(tokens, k);
      if (found && found[2]) rounding = found[2];
    }
    return item("aside", i, j, { rounding: rounding });
  }

  function canStart(parser, tokens, i) {
    var tok = tokens[i], nxt = i + 1 < tokens.length ? tokens[i + 1] : tokens[tokens.length - 1];
    if (tok.kind === "num" || ["$", "(", "⌈", "⌊"].indexOf(tok.text) >= 0) return true;
    if (tok.text === "-" && (nxt.kind === "num" || nxt.text === "$") && nxt.start === tok.end) return true;
    if (tok.kind !== "name") return false;
    if ((N.isFunction(tok.text) || N.isAlias(tok.text)) && nxt.text === "(") return true;
    return N.numberWord(tok.text) !== null && (nxt.kind === "op" || parser.unitWord(nxt) !== null
                                                || nxt.kind === "num" && sizedCount(parser, tokens, i));
  }

  function sizedCount(parser, tokens, i) {  /* "two 80 GB cards": a count in words, then each thing's size (lines.py) */
    if (i + 3 >= tokens.length || ["half", "quarter", "third"].indexOf(tokens[i].text.toLowerCase()) >= 0) return false;
    var noun = tokens[i + 3];
    return parser.unitWord(tokens[i + 2]) !== null && noun.kind === "name" && parser.unitWord(noun) !== null;
  }

  function expression(parser, tokens, i, items) {
    if (!canStart(parser, tokens, i)) return null;
    var last = items[items.length - 1];
    if (tokens[i].kind === "name" && last && last.kind === "expr" && last.end === i) return null;
    var found = parser.expression(i);
    if (found === null) return null;
    if (found[0].type === "name" && (!besideLink(tokens, i, found[1]) || labels(tokens, i, found[1]))) return null;
    return item("expr", i, found[1], { node: found[0] });
  }

  function labels(tokens, i, end) {
    return tokens.slice(0, i).every(function (t) { return t.kind === "punct" || (t.kind === "name" && t.text !== "="); }) &&
      ["=", "≈", "~"].indexOf(tokens[end].text) >= 0 && tokens[end + 1].kind !== "end" &&
      tokens.slice(end + 1).some(function (t) { return t.kind === "num"; });
  }
  function besideLink(tokens, i, end) {
    var before = i ? tokens[i - 1].text : "";
    return ["=", "≈", "~"].indexOf(before) >= 0 || ["=", "≈", "~"].indexOf(tokens[end].text) >= 0;
  }

  function refuseStray(items, tokens) {  /* 70 / = 11.7, 2 + ): an operator with nothing after it */
    items.forEach(function (it, k) {
      var before = k ? items[k - 1].kind : "", after = k + 1 < items.length ? items[k + 1].kind : "";
      var tok = tokens[it.start], nxt = tokens[it.end];
      var dangling = after === "link" || after === "" || nxt.text === ")" || (nxt.text === "(" && unmatched(tokens, it.end));
      if (it.kind === "op" && after === "op") {  /* 70 GB / / 6 */
        var second = tokens[items[k + 1].start];
        N.fail("`" + second.text + "` needs a number on each side", second.start, second.end);
      }
      if (it.kind === "op" && nxt.text === "(" && unmatched(tokens, it.end)) N.fail("this `(` is never closed", nxt.start, nxt.end);
      if (it.kind === "op" && (before === "link" || (before === "expr" && dangling) || after === "link")) {
        N.fail("`" + tok.text + "` needs a number on each side", tok.start, tok.end);
      }
    });
  }
  function unmatched(tokens, i) {
    var depth = 0;
    for (var k = i; k < tokens.length; k++) {
      depth += tokens[k].text === "(" ? 1 : (tokens[k].text === ")" ? -1 : 0);
      if (depth === 0) return false;
    }
    return true;
  }

  /* ---------------------------------------------------------------- chains */

  function assemble(items, tokens, text) {
    var drafts = [], current = null, link = "", approx = false, conclusion = false, gap = 0, bound = false;
    for (var k = 0; k < items.length; k++) {
      var it = items[k], tokText = tokens[it.start].text;
      if (it.kind === "expr" && bound) { bound = false; continue; }  /* "70 / 6 < 12": a bound, not a value claimed */
      if (it.kind === "punct" && COMPARISONS.indexOf(tokText) >= 0) {
        current = null; link = ""; approx = false; gap = 0; bound = true;
        continue;
      }
      if (it.kind === "expr") {
        var joined = current !== null && !!(link || it.link === "continues");
        var seg = { node: it.node, approx: approx || (joined && (link === APPROXIMATE || link === ROUGHLY)),
                    start: it.node.start, end: it.node.end, link: joined ? (link || EQUAL) : "" };
        if (joined) current.segments.push(seg);
        else { current = { segments: [seg], rounding: null, claim: conclusion || !!link, comment: "" }; drafts.push(current); }
        link = ""; approx = false; conclusion = false; gap = 0;
      } else if (it.kind === "link") {
        if (it.rounding && current !== null && !valueFollows(items, k)) current.rounding = it.rounding;
        link = merge(link, it.link);
        if (current === null || !current.segments.length) conclusion = true;
      } else if (it.kind === "approx") {
        approx = true;
      } else if (it.kind === "aside") {
        if (current !== null && it.rounding && !link) current.rounding = it.rounding;
        if (current !== null && !link) current.comment = text.slice(tokens[it.start].end, tokens[it.end - 1].start).trim();
      } else if (it.kind === "punct" && [";", ".", "!", "?"].indexOf(tokText) >= 0) {
        current = null; link = ""; approx = false; gap = 0;
      } else if (it.kind === "punct" && [",", "(", ")"].indexOf(tokText) >= 0) {
        continue;
      } else if (current !== null) {
        gap += 1;
        if (labelsNext(items, tokens, k, current)) { current = null; link = ""; approx = false; gap = 0; continue; }
        if (link && gap <= 2 && valueFollows(items, k + 1)) continue;
        if (link || gap > 2 || !linkFollows(items, k)) {  /* ", so I think that's just 70 GB": the value is claimed */
          conclusion = !!link; current = null; link = ""; approx = false; gap = 0;
        }
      }
    }
    var chains = drafts.filter(function (d) { return d.segments.some(function (sg) { return numbers(sg.node).length; }); })
      .map(function (d) { return { segments: d.segments, rounding: d.rounding, claim: d.claim || d.segments.length > 1 }; });
    return splitWeak(chains).map(function (c) {  /* a chain of names alone is a formula in words, not a claim */
      return c.segments.length > 1 || stated(c.segments[0].node, text) ? c : Object.assign({}, c, { claim: false });
    });
  }
  function numbers(node) {  /* every written number (bank.notation.nodes.numbers) */
    if (node.type === "num") return [node];
    var out = [];
    ["operand", "left", "right"].forEach(function (f) { if (node[f]) out = out.concat(numbers(node[f])); });
    (node.args || []).forEach(function (a) { out = out.concat(numbers(a)); });
    return out;
  }
  function stated(node, text) {  /* a lone side states a value: not "one minute", not "1,100 tokens at 16 a second" */
    if (numbers(node).every(function (x) { return !/^[0-9]/.test(x.text.replace(/^\.+/, "")); })) return false;
    while (node.type === "quantity" || node.type === "neg") node = node.operand;
    var mark = node.type === "binop" ? text.slice(node.opStart, node.opStart + 1) : "";
    return !(node.type === "binop" && node.op !== "^" && /^[A-Za-z]$/.test(mark) && mark !== "x" && mark !== "X");
  }
  var THEN_MARKS = ["so", "→", "->", "=>", "⇒"];
  function labelsNext(items, tokens, k, current) {  /* words after a comma that label the next claim */
    var afterSo = k > 0 && items[k - 1].kind === "link" && THEN_MARKS.indexOf(tokens[items[k - 1].start].text) >= 0;
    if (afterSo && k + 1 < items.length && items[k + 1].kind === "link" && tokens[items[k + 1].start].text === "=" &&
        current.segments.length > 1) return true;  /* "= 0.6 cards → serving = 12 − 0.6" */
    if (!(current.claim || current.segments.length > 1) || k === 0 || items[k - 1].kind !== "punct" ||
        tokens[items[k - 1].start].text !== ",") return false;
    var ahead = items.slice(k + 1, k + 4).filter(function (it) { return it.kind !== "punct"; }).slice(0, 2);
    var nxt = [items[k]].concat(ahead).find(function (it) { return it.kind === "link"; });
    return !!nxt && ["=", "=>", "→", "->", "⇒", "≈"].indexOf(tokens[nxt.start].text) >= 0;
  }
  function linkFollows(items, k) {
    var ahead = items.slice(k + 1, k + 5).filter(function (it) { return it.kind !== "punct"; }).slice(0, 2);
    return ahead.some(function (it) { return it.kind === "link"; });
  }
  function valueFollows(items, k) {
    return items.slice(k, k + 3).filter(function (it) { return it.kind !== "approx"; }).slice(0, 2)
      .some(function (it) { return it.kind === "expr"; });
  }
  var ORDER = { "": 0, says: 1, roughly: 1, so: 2, "=": 3, "≈": 4, nearest: 5, down: 6, up: 6 };
  function merge(a, b) { return (ORDER[a] || 0) >= (ORDER[b] || 0) ? a : b; }

  function splitWeak(chains) {  /* "is" joins a working to its value, not a lone value to a working */
    var out = [];
    chains.forEach(function (chain) {
      var segs = chain.segments.slice(), k = 1;
      while (k < segs.length) {
        if ((segs[k].link === SAYS || segs[k].link === ROUGHLY) && !hasOperation(segs[k - 1].node) &&
            (hasOperation(segs[k].node) || (k === 1 && kindsDiffer(segs[0].node, segs[1].node)))) {
          out.push({ segments: segs.slice(0, k), rounding: null, claim: k > 1 });
          segs = [Object.assign({}, segs[k], { link: "" })].concat(segs.slice(k + 1));
          k = 1;
          continue;
        }
        k += 1;
      }
      out.push({ segments: segs, rounding: chain.rounding, claim: chain.claim || segs.length > 1 });
    });
    if (out.some(function (c) { return c.claim; })) return out;
    return out.map(function (c) { return Object.assign({}, c, { claim: true }); });
  }
  function kindsDiffer(a, b) {
    return a.type === "quantity" && b.type === "quantity" && !N.sameDims(a.unit.dims, b.unit.dims);
  }
  function hasOperation(node) {  /* computes anything, beyond one number with its unit */
    while (node.type === "quantity" || node.type === "neg") node = node.operand;
    if (node.type === "binop") return !(node.op === "^" && node.left.type === "num") && !scientific(node);
    return node.type === "call";
  }
  function scientific(node) {  /* 5.6 x 10^14 */
    var right = node.right.type === "quantity" ? node.right.operand : node.right;
    return node.op === "*" && node.left.type === "num" && right.type === "binop" && right.op === "^" &&
      right.left.type === "num" && N.cmp(right.left.value, N.frac(10)) === 0;
  }

  function labelEnd(tokens) {  /* the token after a label's colon ("Step 2: ..."), or 0 */
    for (var i = 0; i < tokens.length; i++) {
      var tok = tokens[i];
      if (tok.kind === "punct" && tok.text === ":") {
        var before = tokens.slice(0, i);
        var numbers = before.filter(function (t) { return t.kind === "num"; }).length;
        var ops = before.some(function (t) { return t.kind === "op" && ["(", ")", "-", ","].indexOf(t.text) < 0; });
        return numbers <= 1 && !ops ? i + 1 : 0;
      }
      if (tok.kind === "op" && (tok.text === "=" || tok.text === "≈")) return 0;
    }
    return 0;
  }

  /* Every chain in a line ({segments, rounding, claim}); throws a notation error only where the
   * arithmetic cannot be read at all. */
  function readLine(text) {
    if (text.length > 500) N.fail("line is " + text.length + " characters long; the limit is 500", 500, text.length);
    var tokens = N.tokenize(text);
    var parser = new Parser(text, tokens);
    var items = scan(parser, tokens, labelEnd(tokens), []);
    refuseStray(items, tokens);
    return assemble(items, tokens, text);
  }

  var api = { readLine: readLine, hasOperation: hasOperation, numbers: numbers, ROUND_LINKS: ["up", "down", "nearest"],
              IMPLIES: IMPLIES };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BankReader = api;
})(typeof window !== "undefined" ? window : this);
