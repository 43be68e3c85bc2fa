/* The instant final-answer Check: bank.grade.accepts in the browser.
 *
 * An answer is read as the Python reader reads a line (reader.js: one claim, the words around it
 * skipped), evaluated exactly with its units, given the range of values it stands for at the
 * precision written (bank/grade/precision.py: 11.7 is [11.65, 11.75]; "about 30" is [25, 35]), and
 * judged against the exact answer as bank/grade/matching.py judges it (units convert; counted
 * things may go unsaid; a plain number is read in the answer's unit). The vocabulary is
 * window.BANK_VOCABULARY, written by `bank build` from bank.vocabulary.export(). A test holds this
 * and Python's `accepts` to the same verdicts on a table of answers.
 *
 * Works in the browser (window.BankCheck) and in Node (module.exports), for tests.
 */
(function (root) {
  "use strict";

  var N = root.BankNotation || require("./notation.js");
  var R = root.BankReader || require("./reader.js");
  var frac = N.frac, mul = N.mul, div = N.div, add = N.add, sub = N.sub, neg = N.neg, cmp = N.cmp;

  var SLACK = 10n ** 9n;

  /* ---------------------------------------------------------------- intervals (bank/notation/intervals.py) */

  function interval(lo, hi) { return { lo: lo, hi: hi === undefined ? lo : hi }; }
  function absf(a) { return a.n < 0n ? neg(a) : a; }
  function maxf(list) { return list.reduce(function (m, x) { return cmp(x, m) > 0 ? x : m; }); }
  function minf(list) { return list.reduce(function (m, x) { return cmp(x, m) < 0 ? x : m; }); }
  function contains(iv, x) {  /* closed, with a hair of slack (one part in 10^9) */
    if (cmp(iv.lo, x) <= 0 && cmp(x, iv.hi) <= 0) return true;
    var gap = cmp(x, iv.lo) < 0 ? sub(iv.lo, x) : sub(x, iv.hi);
    return cmp(mul(gap, frac(SLACK)), maxf([absf(iv.lo), absf(iv.hi), absf(x)])) <= 0;
  }
  function iadd(a, b) { return interval(add(a.lo, b.lo), add(a.hi, b.hi)); }
  function isub(a, b) { return interval(sub(a.lo, b.hi), sub(a.hi, b.lo)); }
  function imul(a, b) {
    var ends = [mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)];
    return interval(minf(ends), maxf(ends));
  }
  function idiv(a, b) {
    if (cmp(b.lo, frac(0)) <= 0 && cmp(frac(0), b.hi) <= 0) throw { zero: true, message: "interval divisor spans zero" };
    return imul(a, interval(div(frac(1), b.hi), div(frac(1), b.lo)));
  }
  function ineg(a) { return interval(neg(a.hi), neg(a.lo)); }
  function imap(a, f) { return interval(f(a.lo), f(a.hi)); }
  var INTERVAL = {
    ceil: function (a) { return imap(a[0], function (x) { return N.EXACT.ceil([x]); }); },
    floor: function (a) { return imap(a[0], function (x) { return N.EXACT.floor([x]); }); },
    round: function (a) { return imap(a[0], function (x) { return N.EXACT.round([x]); }); },
    sqrt: function (a) {
      if (a[0].lo.n < 0n) throw { value: true, message: "square root of a negative number" };
      return imap(a[0], function (x) { return N.power(x, frac(1, 2)); });
    },
    abs: function (a) {
      var x = a[0];
      if (cmp(x.lo, frac(0)) <= 0 && cmp(frac(0), x.hi) <= 0) return interval(frac(0), maxf([neg(x.lo), x.hi]));
      return interval(minf([absf(x.lo), absf(x.hi)]), maxf([absf(x.lo), absf(x.hi)]));
    },
    min: function (a) { return interval(minf(a.map(function (x) { return x.lo; })), minf(a.map(function (x) { return x.hi; }))); },
    max: function (a) { return interval(maxf(a.map(function (x) { return x.lo; })), maxf(a.map(function (x) { return x.hi; }))); }
  };

  /* ---------------------------------------------------------------- an answer's value (bank/grade/reading.py) */

  /* {base, written, unit (or null when plain numbers mix with units), bare, clash} */
  function amount(node) {
    var a, b;
    switch (node.type) {
      case "num": return { base: node.value, written: node.value, unit: N.DIMENSIONLESS, bare: true, clash: false };
      case "name": N.fail("unknown name `" + node.id + "`", node.start, node.end);
      /* falls through: fail throws */
      case "quantity":
        a = amount(node.operand);
        var u = node.unit;
        return { base: mul(a.base, u.scale), written: N.dimensionless(u) ? mul(a.written, u.scale) : a.written,
                 unit: a.unit !== null ? N.umul(a.unit, u) : null, bare: false, clash: a.clash };
      case "neg":
        a = amount(node.operand);
        return { base: neg(a.base), written: neg(a.written), unit: a.unit, bare: a.bare, clash: a.clash };
      case "call": return call(node);
    }
    a = amount(node.left); b = amount(node.right);
    var base, written;
    try { base = N.arith(node.op, a.base, b.base); written = N.arith(node.op, a.written, b.written); } catch (exc) {
      if (exc.zero) N.fail("division by zero", node.opStart);
      if (exc.value) N.fail("cannot compute this: " + exc.message, node.start, node.end);
      throw exc;
    }
    var found = binopUnit(node, a, b);
    return { base: base, written: written, unit: found[0], bare: node.op !== "^" ? a.bare || b.bare : a.bare,
             clash: a.clash || b.clash || found[1] };
  }
  function binopUnit(node, a, b) {
    if (a.unit === null || b.unit === null) return [null, false];
    if (node.op === "*") return [N.umul(a.unit, b.unit), false];
    if (node.op === "/") return [N.udiv(a.unit, b.unit), false];
    if (node.op === "^") {
      var e = b.base;
      if (e.d === 1n) return [N.upow(a.unit, Number(e.n)), false];
      return [N.dimensionless(a.unit) ? N.DIMENSIONLESS : null, false];
    }
    if (N.sameDims(a.unit.dims, b.unit.dims)) return [N.unit(frac(1), a.unit.dims), false];
    if ((a.bare && N.dimensionless(a.unit)) || (b.bare && N.dimensionless(b.unit))) return [null, false];
    return [null, true];  /* 70 s + 5 GB: a units clash */
  }
  function call(node) {
    var args = node.args.map(amount), fn = N.EXACT[node.func], base, written;
    try {
      base = fn(args.map(function (a) { return a.base; }));
      written = fn(args.map(function (a) { return a.written; }));
    } catch (exc) {
      if (exc.zero || exc.value) N.fail("cannot compute `" + node.func + "`", node.start, node.end);
      throw exc;
    }
    var units = args.map(function (a) { return a.unit; }), first = units[0];
    var u = units.every(function (x) { return x !== null && N.sameDims(x.dims, first.dims); }) ? first : null;
    if (node.func === "sqrt" && u !== null) {
      u = u.dims.some(function (d) { return d % 2 !== 0; }) ? null : N.unit(frac(1), u.dims.map(function (d) { return d / 2; }));
    }
    return { base: base, written: written, unit: u, bare: args.some(function (a) { return a.bare; }),
             clash: args.some(function (a) { return a.clash; }) };
  }

  /* ---------------------------------------------------------------- precision (bank/grade/precision.py) */

  /* The place value a written number was rounded to (trailing zeros count as rounding after three
   * or more figures, or two zeros after two, or always after "about"). */
  function resolution(num, approx) {
    var res = num.resolution;
    var mantissa = num.text.split(/[eE]/)[0];
    var digits = mantissa.replace(/[^0-9.]/g, "");
    if (digits.indexOf(".") >= 0 || !digits.replace(/0/g, "")) return res;
    var trimmed = digits.replace(/0+$/, ""), zeros = digits.length - trimmed.length;
    var figures = trimmed.replace(/^0+/, "").length;
    if (approx || (figures >= 3 && zeros) || (figures >= 2 && zeros >= 2)) res = mul(res, N.pow10(zeros));
    return res;
  }
  function isNumber(node) {  /* one written number: 32, -$3, 11.7 s, 5.6 x 10^14 FLOP */
    if (node.type === "num") return true;
    if (node.type === "neg" || node.type === "quantity") return isNumber(node.operand);
    if (node.type === "binop" && node.op === "*" && node.left.type === "num") return powerOfTen(node.right);
    return false;
  }
  function powerOfTen(node) {
    if (node.type === "quantity") node = node.operand;
    return node.type === "binop" && node.op === "^" && node.left.type === "num" &&
      cmp(node.left.value, frac(10)) === 0 && constantOf(node.right) !== null;
  }
  function constantOf(node) { try { return exactValue(node); } catch (exc) { return null; } }
  function exactValue(node) {
    switch (node.type) {
      case "num": return node.value;
      case "quantity": return mul(exactValue(node.operand), node.unit.scale);
      case "neg": return neg(exactValue(node.operand));
      case "binop": return N.arith(node.op, exactValue(node.left), exactValue(node.right));
      case "call": return N.EXACT[node.func](node.args.map(exactValue));
    }
    throw { key: true };
  }
  function stated(node, approx, written) {
    return walk(node, { approx: approx, loose: isNumber(node), written: written }, false);
  }
  function walk(node, r, exact) {
    switch (node.type) {
      case "num":
        var res = resolution(node, r.approx);
        if (exact || !(r.loose || cmp(res, frac(1)) < 0)) return interval(node.value);
        var half = div(res, frac(2));
        return interval(sub(node.value, half), add(node.value, half));
      case "quantity":
        var inner = walk(node.operand, r, exact);
        return !r.written || N.dimensionless(node.unit) ? imul(inner, interval(node.unit.scale)) : inner;
      case "neg": return ineg(walk(node.operand, r, exact));
      case "call": return INTERVAL[node.func](node.args.map(function (a) { return walk(a, r, exact); }));
      case "binop":
        if (node.op === "^") return powerInterval(walk(node.left, r, true), walk(node.right, r, true).lo);
        var a = walk(node.left, r, exact), b = walk(node.right, r, exact);
        return { "+": iadd, "-": isub, "*": imul, "/": idiv }[node.op](a, b);
    }
    throw { value: true, message: "cannot bound" };
  }
  function powerInterval(base, e) {
    var spans = cmp(base.lo, frac(0)) < 0 && cmp(frac(0), base.hi) < 0;
    if (spans && e.d !== 1n) throw { value: true, message: "fractional power of a range that spans zero" };
    var ends = [N.power(base.lo, e), N.power(base.hi, e)];
    if (spans && e.n > 0n && e.n % 2n === 0n) ends.push(frac(0));
    return interval(minf(ends), maxf(ends));
  }

  /* ---------------------------------------------------------------- matching (bank/grade/matching.py) */

  var COUNTED = null;
  function counted(i) {  /* tokens, requests, replicas, cards, users: labels a learner may leave unsaid */
    var v = N.vocab().data;
    COUNTED = COUNTED || v.dimensions.map(function (d) { return v.counted.indexOf(d) >= 0; });
    return COUNTED[i];
  }
  function sameKind(a, b) { return a.every(function (x, i) { return x === b[i] || counted(i); }); }
  function unsaid(i, a, b) { return a === 0 && (b < 0 || counted(i)); }
  function compatible(a, b) { return a.every(function (x, i) { return x === b[i] || unsaid(i, x, b[i]) || unsaid(i, b[i], x); }); }
  function plain(u) { return u !== null && N.dimensionless(u) && cmp(u.scale, frac(1)) === 0; }

  /* "yes", "units" (the right number in the wrong kind of unit) or null, as bank.grade.matching.fits */
  function fits(claim, u, base, shown) {
    var mine = claim.unit;
    if (mine !== null && sameKind(mine.dims, u.dims)) {
      if (contains(claim.base, base)) return "yes";
      if (N.dimensionless(mine)) return contains(claim.written, shown) ? "yes" : null;
      return cmp(mine.scale, frac(1)) !== 0 && contains(claim.written, shown) ? "units" : null;
    }
    if (mine !== null && compatible(mine.dims, u.dims) && contains(claim.base, base)) return "yes";
    if (plain(mine) && contains(claim.base, base)) return "yes";
    if (!contains(claim.written, shown)) return null;
    if (mine === null || N.dimensionless(mine) || compatible(mine.dims, u.dims)) return "yes";
    return "units";
  }

  /* What a one-claim answer asserts (bank.grade.arithmetic.check): the range a written number stands
   * for, or the exact value of an expression. */
  function claimOf(segment) {
    var value = amount(segment.node), base, written;
    if (!isNumber(segment.node)) return { base: interval(value.base), written: interval(value.written), unit: value.unit };
    try {
      base = stated(segment.node, segment.approx, false);
      written = stated(segment.node, segment.approx, true);
    } catch (exc) {
      if (!(exc.zero || exc.value || exc.notation)) throw exc;
      base = interval(value.base); written = interval(value.written);
    }
    return { base: base, written: written, unit: value.unit };
  }

  /* ---------------------------------------------------------------- judging */

  /* "right", "wrong" (with `units` when the number is right but its kind is not) or "unreadable". */
  function verdict(text, exact, u) {
    var line;
    try { line = R.parseLine(String(text || "")); } catch (exc) {
      if (!N.notation(exc)) throw exc;
      return { status: "unreadable", message: exc.message, column: exc.start + 1 };
    }
    if (line.segments.length === 0) return { status: "unreadable", message: "I expected a number.", column: 1 };
    if (line.segments.length !== 1) return { status: "unreadable", message: "Give one answer, not a working." };
    var claim;
    try { claim = claimOf(line.segments[0]); } catch (exc) {
      if (!N.notation(exc)) throw exc;
      return { status: "unreadable", message: exc.message, column: exc.start + 1 };
    }
    var got = fits(claim, u, mul(exact, u.scale), exact);
    return { status: got === "yes" ? "right" : "wrong", units: got === "units", unit: claim.unit };
  }

  /* Judge `text` against `expected` ({exact: "n/d"}) in the answer's unit ({name, scale, dims}). */
  function judge(text, expected, u) {
    var answerUnit = N.unit(N.ratio(u.scale), u.dims.slice(), u.name);
    var out = verdict(text, N.ratio(expected.exact), answerUnit);
    if (out.status === "wrong" && out.units) {
      out.message = "That number measures something else than the answer" + (u.name ? " (" + u.name + ")" : "") + ".";
    }
    return out;
  }

  var api = { judge: judge, verdict: verdict };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BankCheck = api;
})(typeof window !== "undefined" ? window : this);
