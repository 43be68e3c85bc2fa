/* The parser of bank's learner notation, prose mode (bank/notation/parser.py, ProseParser), for the
 * browser's Check: the longest arithmetic from a place in a sentence, stopping without complaint
 * where the words stop being arithmetic. See notation.js for what the port holds and how.
 *
 * Works in the browser (window.BankParser) and in Node (module.exports), for tests.
 */
(function (root) {
  "use strict";

  var N = root.BankNotation || require("./notation.js");
  var frac = N.frac, mul = N.mul, cmp = N.cmp, has = N.has, vocab = N.vocab, lookup = N.lookup, fail = N.fail;
  var unit = N.unit, umul = N.umul, udiv = N.udiv, zeros = N.zeros, notation = N.notation;
  var isFunction = N.isFunction, isAlias = N.isAlias, checkPower = N.checkPower, inferUnit = N.inferUnit;
  var DIMENSIONLESS = N.DIMENSIONLESS, PERCENT = N.PERCENT;

  /* ---------------------------------------------------------------- parser (bank/notation/parser.py, ProseParser) */

  var MAX_LENGTH = 500, MAX_DEPTH = 50;
  var ADDITIVE = { "+": "+", "-": "-" };
  var LIMITS = ["nesting deeper", "exponent", "this power", "only whole", "a negative number", "zero to a negative",
                "text is", "line is"];
  function isLimit(exc) { return LIMITS.some(function (p) { return exc.message.indexOf(p) === 0; }); }

  function Parser(text, tokens) {
    if (text.length > MAX_LENGTH) fail("text is " + text.length + " characters long; the limit is " + MAX_LENGTH, MAX_LENGTH, text.length);
    this.text = text; this.tokens = tokens; this.pos = 0; this.depth = 0; this.inExponent = 0;
  }
  var P = Parser.prototype;

  P.tok = function () { return this.tokens[this.pos]; };
  P.peek = function (k) { return this.tokens[Math.min(this.pos + (k === undefined ? 1 : k), this.tokens.length - 1)]; };
  P.advance = function () { var t = this.tok(); this.pos = Math.min(this.pos + 1, this.tokens.length - 1); return t; };
  P.at = function () {
    var t = this.tok();
    return (t.kind === "op" || t.kind === "name") && Array.prototype.indexOf.call(arguments, t.text) >= 0;
  };
  P.expect = function (text) { if (!this.at(text)) this.fail("expected `" + text + "`"); return this.advance(); };
  P.fail = function (message, tok) {
    tok = tok || this.tok();
    fail(message + ", found " + (tok.kind === "end" ? "end of input" : "`" + tok.text + "`"), tok.start, tok.end);
  };
  P.nest = function () { this.depth += 1; if (this.depth > MAX_DEPTH) fail("nesting deeper than " + MAX_DEPTH + " levels", this.tok().start); };
  P.attached = function () { return this.pos > 0 && this.tokens[this.pos - 1].end === this.tok().start; };

  /* The longest expression starting at token `pos`, and the token after it; null if there is none. */
  P.expression = function (pos) {
    this.pos = pos; this.depth = 0; this.inExponent = 0;
    try { var node = this.additive(null); } catch (exc) { if (!notation(exc) || isLimit(exc)) throw exc; return null; }
    return [node, this.pos];
  };
  P.continuation = function (left, pos) {
    this.pos = pos; this.depth = 0; this.inExponent = 0;
    try { var node = this.additive(left); } catch (exc) { if (!notation(exc) || isLimit(exc)) throw exc; return null; }
    return node !== left ? [node, this.pos] : null;
  };
  P.operand = function (rule, save) {
    try { return rule.call(this); } catch (exc) {
      if (!notation(exc) || isLimit(exc)) throw exc;
      this.pos = save;
      return null;
    }
  };

  P.additive = function (first) {
    var left = this.term(first);
    for (;;) {
      var op = this.additiveOp();
      if (op === null) return left;
      var save = this.pos;
      this.advance();
      var right = this.operand(this.term, save);
      if (right === null) return left;
      left = this.combine(op, left, right, this.tokens[save]);
    }
  };
  P.additiveOp = function () {
    var t = this.tok();
    if (t.kind === "op" && has(ADDITIVE, t.text)) return ADDITIVE[t.text];
    if (t.kind === "name" && (t.text === "plus" || t.text === "minus" || t.text === "less")) {
      return { plus: "+", minus: "-", less: "less" }[t.text];
    }
    return null;
  };
  P.combine = function (op, left, right, tok) {
    if ((op === "less" || op === "+" || op === "-") && isPercent(right) && !isPercent(left) && this.text[right.start] !== "(") {
      var one = { type: "num", start: tok.start, end: tok.start, value: frac(1), text: "", resolution: frac(0) };
      var share = binop(op === "+" ? "+" : "-", one, right, tok.start);
      share.start = tok.start;
      return binop("*", left, share, tok.start);
    }
    if (op === "less") op = "-";
    if (op === "at") {
      op = this.at_(left, right);
      if (op === "as") return left;  /* "68.6 tokens/s at 8 bit": a precision that qualifies a value */
    }
    return binop(op === "over" ? "/" : op, left, right, tok.start);
  };
  P.at_ = function (left, right) {  /* 70 GB at 6 GB/s divides; 12 cards at $2.50 an hour multiplies */
    var a, b;
    try { a = inferUnit(left); b = inferUnit(right); } catch (exc) { if (notation(exc) || exc.zero || exc.value) return "*"; throw exc; }
    if ((b.name === "bit" || b.name === "bits") && a.dims.some(function (x) { return x !== 0; }) &&
        right.type === "quantity" && right.operand.type === "num") return "as";
    return a.dims.some(function (x, i) { return x > 0 && b.dims[i] > 0; }) ? "/" : "*";
  };
  P.term = function (first) {
    var left = first || this.unary();
    for (;;) {
      var op = this.multiplicativeOp();
      if (op === null) return left;
      var save = this.pos;
      for (var i = 0; i < op[1]; i++) this.advance();
      var right = this.operand(op[0] === "over" ? function () { return this.term(null); } : this.unary, save);
      if (right === null) return left;
      left = this.combine(op[0], left, right, this.tokens[save]);
    }
  };
  P.multiplicativeOp = function () {
    var t = this.tok(), nxt = this.peek();
    if (t.kind === "op" && (t.text === "*" || t.text === "/")) return [t.text, 1];
    if (this.juxtaposed()) return ["*", 0];  /* "3.25(8760)", "4(80)(0.9)": handwritten multiplication */
    var skipped = this.labelsBeforeOperator();
    if (skipped) {
      var sign = this.tokens[this.pos + skipped].text;
      return [sign === "x" || sign === "X" ? "*" : sign, skipped + 1];
    }
    if (t.kind !== "name") return null;
    var word = t.text;
    if ((word === "x" || word === "X" || word === "times") && this.operandFollows(1)) return ["*", 1];
    if ((word === "multiplied" || word === "divided") && nxt.kind === "name" && nxt.text === "by") {
      return [word === "multiplied" ? "*" : "/", 2];
    }
    if (word === "over" && this.operandFollows(1) && this.peek(1).kind === "num") return ["over", 1];
    if (word === "per" && this.peek(1).kind === "num" && !this.sized(1)) return ["/", 1];
    if (word === "split" && this.peek(1).kind === "num") return ["/", 1];  /* 140 GB, split 4 ways */
    if (word === "split" && nxt.kind === "name" && ["over", "across", "into", "between"].indexOf(nxt.text) >= 0 &&
        this.peek(2).kind === "num") return ["/", 2];
    if (word === "at") { var fillers = this.fillers(1); if (fillers !== null) return ["at", 1 + fillers]; }
    if (word === "of" && this.operandFollows(1) && this.fractionBefore()) return ["*", 1];
    return null;
  };
  /* A "(" touching the number or ")" before it, and holding a number (prose.py _juxtaposed). */
  P.juxtaposed = function () {
    var t = this.tok();
    if (t.text !== "(" || this.pos === 0) return false;
    var before = this.tokens[this.pos - 1], nxt = this.peek();
    return before.end === t.start && (before.kind === "num" || before.text === ")") &&
      (nxt.kind === "num" || nxt.text === "(");
  };
  P.labelsBeforeOperator = function () {
    for (var k = 1; k <= 2; k++) {
      var bad = false;
      for (var i = 0; i < k; i++) {
        var w = this.peek(i);
        if (w.kind !== "name" || has(vocab().reserved, w.text) || has(vocab().numberWords, w.text) || this.unitWord(w)) bad = true;
      }
      if (bad) return 0;
      var op = this.peek(k);
      var symbol = (op.kind === "op" && (op.text === "*" || op.text === "/")) || (op.kind === "name" && (op.text === "x" || op.text === "X"));
      var before = this.tokens[this.pos - 1];
      if (symbol && this.operandFollows(k + 1) && before && (before.kind === "num" || before.kind === "name")) return k;
      if (this.perLabel(k) && before && before.kind === "num") return k + 2;  /* 2 all-reduces/layer x 80 layers */
    }
    return 0;
  };
  /* "/ word" or "per word", then a times sign and an operand, k ahead (prose.py _per_label). */
  P.perLabel = function (k) {
    var bar = this.peek(k), word = this.peek(k + 1), op = this.peek(k + 2);
    return ((bar.kind === "op" && bar.text === "/") || (bar.kind === "name" && bar.text === "per")) &&
      word.kind === "name" && !has(vocab().reserved, word.text) &&
      ((op.kind === "op" && op.text === "*") || (op.kind === "name" && (op.text === "x" || op.text === "X"))) &&
      this.operandFollows(k + 3);
  };
  P.fillers = function (k) {
    for (var extra = 0; extra < 4; extra++) {
      var nxt = this.peek(k + extra);
      if (this.operandFollows(k + extra) && (extra === 0 || nxt.kind === "num" || nxt.text === "$")) return extra;
      var t = this.peek(k + extra);
      if (t.kind !== "name" || has(vocab().reserved, t.text) || this.unitWord(t)) return null;
    }
    return null;
  };
  P.fractionBefore = function () {
    var prev = this.tokens[this.pos - 1];
    return ["%", "percent", "half", "quarter"].indexOf(prev.text) >= 0 || (prev.kind === "num" && cmp(prev.value, frac(1)) < 0);
  };
  P.operandFollows = function (k) {
    var t = this.peek(k);
    return t.kind === "num" || ["$", "(", "⌈", "⌊", "-"].indexOf(t.text) >= 0 || N.numberWord(t.text) !== null || isFunction(t.text);
  };
  P.unary = function () {
    if (this.at("-", "+")) {
      var op = this.advance();
      this.nest();
      var operand = this.unary();
      this.depth -= 1;
      return op.text === "+" ? operand : { type: "neg", start: op.start, end: operand.end, operand: operand };
    }
    return this.power();
  };
  P.power = function () {
    var base = this.postfix();
    if (this.at("^", "**")) {
      var op = this.advance();
      this.nest();
      this.inExponent += 1;
      var exponent = this.unary();
      this.inExponent -= 1;
      this.depth -= 1;
      var node = binop("^", base, exponent, op.start);
      checkPower(node);
      if (base.type === "num" && !this.inExponent) node = this.units(node);
      return node;
    }
    return base;
  };
  P.postfix = function () {
    var node = this.primary();
    if (this.inExponent) return node;
    if (node.type !== "name") {
      var last = this.tokens[this.pos - 1].text;
      if (node.type === "num" || (node.type === "quantity" && node.unit.name === "USD") || last === ")" || last === "⌉" || last === "⌋") {
        node = this.units(node);
      }
    }
    this.ratioMark();
    return node;
  };
  P.ratioMark = function () {  /* 9.1x: a ratio; the mark adds nothing */
    var t = this.tok();
    if (t.kind === "name" && (t.text === "x" || t.text === "X") && this.attached() && !this.operandFollows(1)) this.advance();
  };
  P.primary = function () {
    var t = this.tok();
    if (this.at("⌈", "⌊")) return this.call(t, t.text === "⌈" ? "⌉" : "⌋", t.text === "⌈" ? "ceil" : "floor");
    var value = t.kind === "name" ? N.numberWord(t.text) : null;
    if (value !== null && !this.callFollows(1)) {
      this.advance();
      return { type: "num", start: t.start, end: t.end, value: value, text: t.text, resolution: frac(1) };
    }
    if (t.kind === "name" && !((isFunction(t.text) || isAlias(t.text)) && this.callFollows(1))) this.fail("a word, not arithmetic");
    if (t.kind === "num") return this.number();
    if (this.at("$")) {
      this.advance();
      if (this.tok().kind !== "num") this.fail("expected an amount after `$`");
      var amount = this.number();
      return { type: "quantity", start: t.start, end: amount.end, operand: amount, unit: lookup("USD"), unitText: "$" };
    }
    if (this.at("(")) {
      this.advance();
      this.nest();
      var inner = this.additive(null);
      this.depth -= 1;
      var close = this.expect(")");
      return respan(inner, t.start, close.end);
    }
    if (t.kind === "name") return this.nameOrCall();
    return this.fail("expected a number, a name or `(`");
  };
  P.number = function () {
    var t = this.advance(), value = t.value, resolution = t.resolution, end = t.end;
    var scale = this.suffix();
    if (scale !== null) { value = mul(value, scale); resolution = mul(resolution, scale); end = this.tokens[this.pos - 1].end; }
    return { type: "num", start: t.start, end: end, value: value, text: this.text.slice(t.start, end), resolution: resolution };
  };
  P.suffix = function () {
    var t = this.tok();
    if (t.kind === "name" && has(vocab().ambiguous, t.text) && this.attached() && this.billions(t)) {
      this.advance();  /* 8B params, 70B, 2T tokens: a billion, a trillion (2B alone is two bytes) */
      return vocab().ambiguous[t.text];
    }
    var nxt = this.peek();  /* "2 x 8b = 16", "5.37b bytes": a billion in lower case; "(8b)" stays 8-bit (prose.py suffix) */
    if (t.kind === "name" && t.text === "b" && this.attached() && (nxt.kind === "name" || has(vocab().billionBefore, nxt.text))) {
      this.advance();
      return vocab().ambiguous.B;
    }
    if (t.kind === "name" && has(vocab().suffixes, t.text)) return vocab().suffixes[this.advance().text];
    return null;
  };
  P.nameOrCall = function () {
    var t = this.advance();
    if (isFunction(t.text) && this.at("(")) return this.call(t);
    if (has(vocab().reserved, t.text)) this.fail("unexpected word", t);
    if (this.unitWord(t)) this.fail("a unit must follow a number", t);
    return { type: "name", start: t.start, end: t.end, id: t.text };
  };
  P.billions = function (t) {
    var nxt = this.peek();
    if (t.text === "T" || (nxt.kind === "name" && has(vocab().modelWords, nxt.text.toLowerCase()))) return true;
    if (t.text === "G") return false;  /* "80G" alone is slang for gigabytes */
    if (nxt.kind === "op" && nxt.text === "/") return false;  /* 2 B/param, 16 B/token */
    var number = this.tokens[this.pos - 1];
    return number.kind === "num" && cmp(number.value, frac(7)) >= 0;  /* model sizes; 1B-4B read as bytes */
  };
  P.call = function (func, close, name) {
    this.advance();  /* ( or ⌈ */
    this.nest();
    close = close || ")";
    var args = [this.additive(null)];
    while (close === ")" && this.at(",")) { this.advance(); args.push(this.additive(null)); }
    this.depth -= 1;
    var end = this.expect(close);
    var fname = name || (isAlias(func.text) ? vocab().aliases[func.text] : func.text);
    var arity = vocab().functions[fname].arity;
    if ((arity > 0 && args.length !== arity) || (arity < 0 && args.length < -arity)) {
      fail("`" + fname + "` takes " + (arity > 0 ? arity : "at least " + (-arity)) + " argument(s), got " + args.length, func.start, end.end);
    }
    return { type: "call", start: func.start, end: end.end, func: fname, args: args };
  };

  P.units = function (node) {  /* GB/s, tokens per second, % and the like after a number */
    var start = this.pos, u = null, parts = [];
    if (node.type === "quantity") u = node.unit;
    for (;;) {
      var step = this.unitStep(u, parts);
      if (step === null) break;
      u = step;
      if (u === PERCENT) break;
    }
    if (u === null || this.pos === start) return node;
    var end = this.tokens[this.pos - 1].end;
    if (node.type === "quantity") return { type: "quantity", start: node.start, end: end, operand: node.operand, unit: u, unitText: "$" + parts.join("") };
    return { type: "quantity", start: node.start, end: end, operand: node, unit: u, unitText: parts.join("") };
  };
  P.unitStep = function (u, parts) {
    var t = this.tok(), other, word;
    if (u === null && t.kind === "name" && t.text === "per" && this.peek().text === "cent") {
      this.advance(); this.advance(); parts.push("%"); return PERCENT;
    }
    if (t.kind === "name" && has(vocab().perWords, t.text) && this.peek().kind === "name") {
      other = this.unitWord(this.peek());  /* $2.50 an hour, 32.85k a yr */
      if (other && other.dims[0] === 1 && other.dims.slice(1).every(function (x) { return x === 0; })) {
        this.advance(); word = this.advance(); parts.push("/" + word.text); return udiv(u !== null ? u : DIMENSIONLESS, other);
      }
    }
    if (u === null && t.text === "$" && this.peek().kind !== "num") { this.advance(); parts.push("$"); return lookup("USD"); }
    if (t.kind === "name" && (t.text === "each" || t.text === "apiece")) { this.advance(); return u !== null ? u : DIMENSIONLESS; }
    var step = this.strictUnitStep(u, parts);
    if (step !== null || u !== null) return step;
    return this.adjectives(parts);
  };
  P.strictUnitStep = function (u, parts) {  /* Parser.unit_step */
    var t = this.tok(), word, other;
    if (u === null && (t.kind === "op" || t.kind === "name") && (t.text === "%" || t.text === "percent")) {
      this.advance(); parts.push("%"); return PERCENT;
    }
    if (u === null && t.kind === "name" && this.unitWord(t)) { this.advance(); parts.push(t.text); return this.unitWord(t); }
    if (u === null && this.at("/", "per") && this.peek().kind === "name" && this.unitWord(this.peek()) && !this.callFollows(2)) {
      this.advance(); word = this.advance(); parts.push("/" + word.text); return udiv(DIMENSIONLESS, this.unitWord(word));
    }
    if (u !== null && this.at("/", "per") && this.peek().kind === "name" && has(vocab().suffixes, this.peek().text)) {
      this.advance(); word = this.advance().text;
      u = udiv(u, unit(vocab().suffixes[word], zeros(), word));
      parts.push("/" + word);
      if (this.tok().kind === "name" && this.unitWord(this.tok()) && !this.callFollows(1)) {
        u = udiv(u, this.unitWord(this.tok())); parts.push(" " + this.advance().text);
      }
      return u;
    }
    if (u !== null && this.at("/", "per", "*", "·") && this.peek().kind === "name" &&
        (this.unitWord(this.peek()) || this.at("per") && this.qualified(1)) && !this.callFollows(2)) {
      var op = this.advance().text;
      if (op === "per" && this.qualified(0)) this.advance();  /* $1.47 per serving card-hr */
      word = this.advance();
      other = this.unitWord(word);
      parts.push(op === "/" || op === "per" ? "/" + word.text : "·" + word.text);
      return op === "/" || op === "per" ? udiv(u, other) : umul(u, other);
    }
    return null;
  };
  P.sized = function (k) {  /* 0.27 GB per 8k sequence: a sequence of 8k tokens, not a divisor */
    var j = k + 1 + (has(vocab().suffixes, this.peek(k + 1).text) ? 1 : 0), noun = this.peek(j);
    var u = noun.kind === "name" && /^[a-z]+$/.test(noun.text) && !/s$/.test(noun.text) ? lookup(noun.text) : null;
    return u !== null && u.scale.n === 1n && u.scale.d === 1n;
  };
  P.qualified = function (k) {  /* a word qualifying the unit after "per": per serving card */
    var w = this.peek(k), after = this.peek(k + 1);
    return w.kind === "name" && /^[a-z]+$/.test(w.text) && !this.unitWord(w) &&
      after.kind === "name" && !!this.unitWord(after);
  };
  P.adjectives = function (parts) {  /* 4 standby replicas: up to two words before a unit word */
    for (var k = 1; k <= 2; k++) {
      for (var i = 0; i < k; i++) {
        var w = this.peek(i);
        if (w.kind !== "name" || has(vocab().reserved, w.text) || has(vocab().linkWords, w.text.toLowerCase()) ||
            this.unitWord(w)) return null;
      }
      var after = this.peek(k);
      if (after.kind === "name" && this.unitWord(after) && !this.callFollows(k + 1)) {
        for (i = 0; i < k; i++) this.advance();
        return this.unitWord(this.tok()) === null ? null : this.strictUnitStep(null, parts);
      }
    }
    return null;
  };
  P.unitWord = function (t) {  /* after a number, any unit word (even "layers"); card-hour multiplies */
    var found = lookup(t.text);
    if (found || t.text.indexOf("-") < 0) return found;
    var pieces = t.text.split("-").map(lookup);
    if (!pieces.every(function (x) { return x; })) return null;
    return pieces.slice(1).reduce(umul, pieces[0]);
  };
  P.callFollows = function (k) {
    var nxt = this.peek(k), word = this.peek(k - 1);
    return nxt.kind === "op" && nxt.text === "(" && (isFunction(word.text) || isAlias(word.text) || word.kind !== "name");
  };

  function binop(op, left, right, opStart) {
    return { type: "binop", start: left.start, end: right.end, op: op, left: left, right: right, opStart: opStart };
  }
  function respan(node, start, end) { var copy = Object.assign({}, node); copy.start = start; copy.end = end; return copy; }
  function isPercent(node) { return node.type === "quantity" && node.unit === PERCENT; }

  var api = { Parser: Parser, isPercent: isPercent };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BankParser = api;
})(typeof window !== "undefined" ? window : this);
