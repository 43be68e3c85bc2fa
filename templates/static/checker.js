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

  /* {base, written, unit (or null when plain numbers mix with units), bare, annotated, clash} */
  function amount(node) {
    var a, b;
    switch (node.type) {
      case "num": return { base: node.value, written: node.value, unit: N.DIMENSIONLESS, bare: true, annotated: false, clash: false };
      case "name": N.fail("unknown name `" + node.id + "`", node.start, node.end);
      /* falls through: fail throws */
      case "quantity":
        a = amount(node.operand);
        var u = node.unit;
        return { base: mul(a.base, u.scale), written: scalesAsWritten(node) ? mul(a.written, u.scale) : a.written,
                 unit: a.unit !== null ? N.umul(a.unit, u) : null, bare: false,
                 annotated: a.annotated || !N.dimensionless(u), clash: a.clash };
      case "neg":
        a = amount(node.operand);
        return Object.assign({}, a, { base: neg(a.base), written: neg(a.written) });
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
             annotated: a.annotated || b.annotated, clash: a.clash || b.clash || found[1] };
  }
  /* 10% is 0.1 as written; 8,760 h/yr is still 8,760 (a ratio of like units keeps its number) */
  function scalesAsWritten(node) { return N.dimensionless(node.unit) && node.unitText.indexOf("/") < 0; }
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
    function any(key) { return args.some(function (a) { return a[key]; }); }
    return { base: base, written: written, unit: u, bare: any("bare"), annotated: any("annotated"), clash: any("clash") };
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
        return !r.written || scalesAsWritten(node) ? imul(inner, interval(node.unit.scale)) : inner;
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
    if (mine !== null && perTime(u.dims, mine.dims) && contains(iscale(claim.base, period(mine.name)), base)) return "yes";
    if (plain(mine) && contains(claim.base, base)) return "yes";
    if (!contains(claim.written, shown)) return null;
    if (mine === null || N.dimensionless(mine) || compatible(mine.dims, u.dims)) return "yes";
    return "units";
  }

  /* `b` is `a` "per" some time: a count said as a rate, a yearly total said as $21,900 a year */
  function perTime(step, mine) { return mine[0] === step[0] - 1 && sameKind([0].concat(step.slice(1)), [0].concat(mine.slice(1))); }
  function period(name) {  /* the time a rate is "per", in seconds (bank.units.period), or 0 */
    var words = name.replace(/[\/·$]/g, " ").split(/\s+/).filter(Boolean);
    for (var i = words.length - 1; i >= 0; i--) {
      var u = N.lookup(words[i]);
      if (u && u.dims[0] === 1 && u.dims.slice(1).every(function (x) { return x === 0; })) return u.scale;
    }
    return frac(0);
  }
  function iscale(iv, k) { return imul(iv, interval(k)); }
  function mid(iv) { return cmp(iv.lo, iv.hi) === 0 ? iv.lo : div(add(iv.lo, iv.hi), frac(2)); }
  function decimal(u) { return [u.scale.n < 0n ? -u.scale.n : u.scale.n, u.scale.d].every(powerOfTenInt); }
  function powerOfTenInt(k) { while (k !== 0n && k % 10n === 0n) k /= 10n; return k === 1n; }

  /* ---------------------------------------------------------------- one claim's arithmetic (bank/grade/arithmetic.py) */

  var AGREED = ["ok", "inherit", "lenient"];
  function side(segment) {
    var value = amount(segment.node), base, written;
    try {
      base = stated(segment.node, segment.approx, false);
      written = stated(segment.node, segment.approx, true);
    } catch (exc) {
      if (!(exc.zero || exc.value || exc.notation)) throw exc;
      base = interval(value.base); written = interval(value.written);
    }
    return { segment: segment, value: value, base: base, written: written };
  }

  /* Whether a claim's arithmetic holds, and what it asserts ({ok, claim}), as check() and
   * Arithmetic.claim say for a learner with no names to use. */
  function check(chain) {
    var sides = chain.segments.map(side), first = chain.segments[0];
    if (sides.length === 1 && isNumber(first.node)) {
      return { ok: true, claim: { base: sides[0].base, written: sides[0].written, unit: sides[0].value.unit } };
    }
    var c = sides[0].value, given = sides.length > 1 ? sides[sides.length - 1] : null;
    if (c.clash) return { ok: false };
    var u = c.unit, rounded = null;
    for (var k = 1; k < sides.length; k++) {
      var found = follows(c, sides[k], chain);
      if (AGREED.indexOf(found[0]) < 0) return { ok: false };
      u = claimUnit(found[0], found[2], sides[k].value);
      rounded = found[1] || rounded;
    }
    if (given === null) return { ok: true, claim: { base: interval(c.base), written: interval(c.written), unit: c.unit } };
    var left = leftRanges(first);
    var narrowed = rounded || left === null ? null : narrow(given, widened(left));
    if (rounded && given.segment.link === R.IMPLIES) narrowed = [interval(mid(given.base)), interval(mid(given.written))];
    var ranges = narrowed || [given.base, given.written];
    return { ok: true, claim: { base: ranges[0], written: ranges[1], unit: u } };
  }

  function follows(c, s, chain) {  /* [verdict, rounding, the reading that agreed] */
    var link = s.segment.link, r, how;
    if (R.ROUND_LINKS.indexOf(link) >= 0) { r = roundedAmount(c, link, s); return [agree(r, s), link, r]; }
    var count = countOf(s);
    if (link === R.IMPLIES && count !== null && c.written.d !== 1n) {
      for (how of ["down", "up"]) {  /* 21.2, so 21 sequences: the learner's count */
        r = roundedAmount(c, how, s);
        if (AGREED.indexOf(agree(r, s)) >= 0 && cmp(count, r.written) === 0) return ["ok", how, r];
      }
    }
    var verdict = agree(c, s);
    if (AGREED.indexOf(verdict) >= 0) return [verdict, null, c];
    var millions = inMillions(chain.segments[0].node);
    if (millions !== null && AGREED.indexOf(agree(millions, s)) >= 0) return ["lenient", null, millions];
    if (whole(s)) {
      for (how of ["up", "down"]) {  /* 26 / 192 = 1 card, 2.4 so 3 replicas */
        r = roundedAmount(c, how, s);
        if (AGREED.indexOf(agree(r, s)) >= 0) return ["ok", how, r];
      }
    }
    return [verdict, null, c];
  }
  function countOf(s) {  /* the whole number a side states, where it is a count */
    if (!s.segment.approx) return whole(s) ? mid(s.written) : null;
    var node = s.segment.node;
    if (!(node.type === "quantity" && node.operand.type === "num" && node.unit.name)) return null;
    return node.operand.value.d === 1n ? node.operand.value : null;
  }
  function whole(s) {
    var w = s.written;
    return (cmp(w.lo, w.hi) === 0 && w.lo.d === 1n) || (mid(w).d === 1n && isNumber(s.segment.node));
  }
  var ROUND = { up: N.EXACT.ceil, down: N.EXACT.floor, nearest: N.EXACT.round };
  function roundedAmount(c, how, s) {
    var f = function (x) { return ROUND[how]([x]); }, u = s ? s.value.unit : null;
    if (u !== null && c.unit !== null && sameKind(c.unit.dims, u.dims)) {
      var w = f(div(c.base, u.scale));
      return Object.assign({}, c, { base: mul(w, u.scale), written: w });
    }
    var scale = N.isZero(c.written) ? frac(1) : div(c.base, c.written), written = f(c.written);
    return Object.assign({}, c, { base: mul(written, scale), written: written });
  }
  function agree(c, side) {  /* "ok", "inherit", "lenient", "units" or null (bank.grade.arithmetic._agree) */
    var s = side.value;
    if (s.clash) return "units";
    var strict = c.unit !== null && s.unit !== null;
    if (strict && sameKind(c.unit.dims, s.unit.dims) && contains(side.base, c.base)) return "ok";
    if (strict && compatible(c.unit.dims, s.unit.dims) && contains(side.base, c.base)) return "lenient";
    if (strict && perTime(c.unit.dims, s.unit.dims) && contains(iscale(side.base, periodOf(side)), c.base)) return "lenient";
    if (c.unit !== null && !s.annotated && contains(side.base, c.base)) return "inherit";
    if (plainLeft(c, s) && contains(side.base, c.base)) return "ok";
    if (plainLeft(c, s) && decimal(s.unit)) return contains(side.written, c.written) ? "lenient" : null;
    if (c.bare || s.bare || !strict || !c.annotated || !s.annotated) return contains(side.written, c.written) ? "lenient" : null;
    if (!sameKind(c.unit.dims, s.unit.dims) || contains(side.written, c.written)) return "units";
    return null;
  }
  function periodOf(side) {
    var node = side.segment.node;
    while (node.type === "neg") node = node.operand;
    return node.type === "quantity" ? period(node.unitText) : frac(0);
  }
  function plainLeft(c, s) {
    return c.unit !== null && N.dimensionless(c.unit) && !c.annotated && s.annotated && s.unit !== null && !N.dimensionless(s.unit);
  }
  function claimUnit(verdict, c, s) { return s.annotated ? s.unit : (verdict === "ok" || verdict === "inherit" ? c.unit : null); }
  function leftRanges(first) {
    try { return [stated(first.node, false, false), stated(first.node, false, true)]; } catch (exc) {
      if (exc.zero || exc.value || exc.notation) return null;
      throw exc;
    }
  }
  var NARROW_SLACK = frac(1, 200);
  function widened(left) {
    return left.map(function (x) {
      if (cmp(x.lo, x.hi) === 0) return x;
      var pad = mul(NARROW_SLACK, maxf([absf(x.lo), absf(x.hi)]));
      return interval(sub(x.lo, pad), add(x.hi, pad));
    });
  }
  function narrow(given, left) {  /* an exact working pins the value it states */
    var b = meet(given.base, left[0]), w = meet(given.written, left[1]);
    if (b !== null && w === null && !N.isZero(mid(given.base))) w = iscale(b, div(mid(given.written), mid(given.base)));
    return b !== null && w !== null ? [b, w] : null;
  }
  function meet(a, b) {
    var lo = maxf([a.lo, b.lo]), hi = minf([a.hi, b.hi]);
    return cmp(lo, hi) <= 0 ? interval(lo, hi) : null;
  }
  function inMillions(tree) {  /* the working with each suffixed number read as written (27M as 27) */
    var out = tree;
    R.numbers(tree).forEach(function (num) {
      var digits = num.text.replace(/[kKMBTmnbilothusandr ]+$/, "").replace(/,/g, "");
      if (digits === num.text.replace(/,/g, "") || !digits || N.isZero(num.value)) return;
      var plain = decimalFraction(digits);
      if (plain === null) return;
      out = swap(out, num, Object.assign({}, num, { value: plain, resolution: div(mul(num.resolution, plain), num.value) }));
    });
    if (out === tree) return null;
    try { var a = amount(out); } catch (exc) { if (N.notation(exc)) return null; throw exc; }
    return Object.assign({}, a, { base: a.written });
  }
  function decimalFraction(text) {  /* Python's Fraction("1.5") and the like, or null */
    var m = /^\s*([+-]?)(?=\d|\.\d)(\d*)(?:\/(\d+)|(?:\.(\d*))?(?:[eE]([+-]?\d+))?)\s*$/.exec(text);
    if (!m) return null;
    if (m[3] !== undefined) return m[3] === "0" || /^0+$/.test(m[3]) ? null : frac(BigInt(m[1] + (m[2] || "0")), BigInt(m[3]));
    var value = frac(BigInt((m[2] || "0") + (m[4] || "")), 10n ** BigInt((m[4] || "").length));
    if (m[5] !== undefined) value = mul(value, N.pow10(parseInt(m[5], 10)));
    return m[1] === "-" ? neg(value) : value;
  }
  function swap(node, old, replacement) {
    if (node === old) return replacement;
    var changed = null;
    ["operand", "left", "right"].forEach(function (f) {
      if (node[f]) { var n = swap(node[f], old, replacement); if (n !== node[f]) { changed = changed || Object.assign({}, node); changed[f] = n; } }
    });
    if (node.args) {
      var args = node.args.map(function (a) { return swap(a, old, replacement); });
      if (args.some(function (a, i) { return a !== node.args[i]; })) { changed = changed || Object.assign({}, node); changed.args = args; }
    }
    return changed || node;
  }

  /* ---------------------------------------------------------------- judging */

  /* "right", "wrong" (with `units` when the number is right but its kind is not) or "unreadable",
   * as bank.grade.accepts: the line's last claim (or, with none, its last value said in words). */
  function verdict(text, exact, u) {
    var chains, arith;
    try {
      chains = R.readLine(String(text || ""));
      var claims = chains.filter(function (c) { return c.claim; });
      chains = claims.length ? claims : chains;
      if (!chains.length) return { status: "unreadable", message: "I expected a number.", column: 1 };
      arith = check(chains[chains.length - 1]);
    } catch (exc) {
      if (!N.notation(exc)) throw exc;
      return { status: "unreadable", message: exc.message, column: exc.start + 1 };
    }
    if (!arith.ok) return { status: "wrong", message: "The arithmetic of that does not hold." };
    var got = fits(arith.claim, u, mul(exact, u.scale), exact);
    return { status: got === "yes" ? "right" : "wrong", units: got === "units" };
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
