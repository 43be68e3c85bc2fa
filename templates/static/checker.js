/* The final-answer rule in the browser: read a learner's number, judge it against the exact answer.
 *
 * A number is written the way people write on paper: 31.7, $21,900, -$3, 30M, 30 million,
 * 1.4e11, 5.6 x 10^14, 10%, "about 32", with an optional unit (32 s, 0.53 min, 70 GB).
 * It is right when the exact answer rounds to it at the precision written (the grader's rule):
 * 11.7 for 11.666..., 21,900 for 21,900; "about" (or ~, ≈) lets trailing zeros of a whole
 * number be rounding, so "about 22,000" accepts 21,900. A tie (0.75 written as 0.7 or 0.8)
 * counts, as in the grader's closed intervals. Arithmetic is exact (BigInt).
 *
 * Works in the browser (window.BankCheck) and in Node (module.exports) for tests.
 */
(function (root) {
  "use strict";

  /* ---------------------------------------------------------------- exact fractions */

  function frac(n, d) {
    n = BigInt(n); d = d === undefined ? 1n : BigInt(d);
    if (d < 0n) { n = -n; d = -d; }
    return { n: n, d: d };
  }
  function parseRatio(text) {            /* "35/3" or "2000" */
    var parts = String(text).split("/");
    return frac(parts[0], parts.length > 1 ? parts[1] : 1);
  }
  function mul(a, b) { return frac(a.n * b.n, a.d * b.d); }
  function div(a, b) { return frac(a.n * b.d, a.d * b.n); }
  function add(a, b) { return frac(a.n * b.d + b.n * a.d, a.d * b.d); }
  function sub(a, b) { return frac(a.n * b.d - b.n * a.d, a.d * b.d); }
  function abs(a) { return frac(a.n < 0n ? -a.n : a.n, a.d); }
  function compare(a, b) { var l = a.n * b.d, r = b.n * a.d; return l < r ? -1 : (l > r ? 1 : 0); }
  function max(list) { return list.reduce(function (m, x) { return compare(x, m) > 0 ? x : m; }); }
  function pow10(k) { return k >= 0 ? frac(10n ** BigInt(k)) : frac(1n, 10n ** BigInt(-k)); }
  function toNumber(q) { return Number(q.n) / Number(q.d); }

  /* ---------------------------------------------------------------- reading */

  var APPROX = /^(?:≈|~|about\b|roughly\b|approximately\b|approx\.?)\s*/i;  /* the grader's words */
  var NUMBER = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?|\.(\d+))/;
  var EXPONENT = /^\s*(?:[eE]([+-]?\d{1,3})|(?:x|×|\*|·)\s*10\s*\^\s*([+-]?\d{1,3}))/;
  var SUFFIXES = [
    [/^\s*(?:thousand)\b/i, 3], [/^\s*(?:million|mn)\b/i, 6], [/^\s*(?:billion|bn)\b/i, 9],
    [/^\s*(?:trillion)\b/i, 12], [/^(?:k|K)(?![A-Za-z])/, 3], [/^\s?M(?![A-Za-z])/, 6]
  ];
  var PERCENT = /^\s*(?:%|percent\b)/i;

  function fail(message, column) { return { ok: false, message: message, column: column }; }

  /* Read one answer; returns {ok, value, step, unitText, approx} or {ok: false, message, column}. */
  function read(text) {
    var source = String(text || "");
    if (source.length > 500) return fail("That is longer than 500 characters.", 501);
    var s = source.trim().replace(/\u2212/g, "-");
    var at = source.length - source.trimStart().length;
    if (!s) return fail("Type a number first.", 1);
    var approx = false, sign = 1n, money = false, m;
    if ((m = APPROX.exec(s))) { approx = true; s = s.slice(m[0].length); at += m[0].length; }
    if (s[0] === "-") { sign = -1n; s = s.slice(1).trimStart(); at += 1; }
    if (s[0] === "$") { money = true; s = s.slice(1); at += 1; }
    m = NUMBER.exec(s);
    if (!m) return fail("I expected a number here.", at + 1);
    var whole = (m[1] || "").replace(/,/g, ""), decimals = m[2] || m[3] || "";
    var rest = s.slice(m[0].length);
    var digits = BigInt((whole || "0") + decimals);
    var exponent = -decimals.length;
    var e = EXPONENT.exec(rest);
    if (e) { exponent += parseInt(e[1] || e[2], 10); rest = rest.slice(e[0].length); }
    for (var i = 0; i < SUFFIXES.length; i++) {
      var sm = SUFFIXES[i][0].exec(rest);
      if (sm) { exponent += SUFFIXES[i][1]; rest = rest.slice(sm[0].length); break; }
    }
    var percent = PERCENT.exec(rest);
    if (percent) rest = rest.slice(percent[0].length);
    var unitText = rest.trim().replace(/\bper\b/gi, "/");
    if (money) unitText = unitText ? (unitText[0] === "/" ? "USD" + unitText : "USD " + unitText) : "USD";
    if (percent) unitText = unitText ? "percent " + unitText : "percent";
    var stepExponent = exponent;
    if (approx && !decimals) {            /* trailing zeros of a whole number may be rounding */
      var trailing = whole.length - whole.replace(/0+$/, "").length;
      stepExponent += Math.min(trailing, Math.max(whole.replace(/^0+/, "").length - 1, 0));
    }
    return { ok: true, value: mul(frac(sign * digits), pow10(exponent)), step: pow10(stepExponent),
             unitText: unitText, approx: approx };
  }

  /* ---------------------------------------------------------------- units */

  var UNIT_TOKEN = /^\s*(?:([A-Za-z%$]+)(?:\^(-?\d+))?|([/*·]))\s*/;

  /* A unit text such as "GB/s" or "USD/hour" as {scale, dims}, using the site's unit table. */
  function parseUnit(text, table) {
    var result = null, op = null, pos = 0;
    while (pos < text.length) {
      var m = UNIT_TOKEN.exec(text.slice(pos));
      if (!m || !m[0].length) return null;
      pos += m[0].length;
      if (m[3]) { if (op || !result) return null; op = m[3]; continue; }
      var word = m[1] === "$" ? "USD" : m[1];
      var entry = table[word] || table[word.toLowerCase()];
      if (!entry) return null;
      var unit = { scale: parseRatio(entry[0]), dims: entry[1].slice() };
      if (m[2]) unit = power(unit, parseInt(m[2], 10));
      result = result === null ? unit : combine(result, unit, op === "/" ? -1 : 1);
      op = null;
    }
    return op ? null : result;
  }
  function power(u, k) {
    var scale = frac(1);
    for (var i = 0; i < Math.abs(k); i++) scale = mul(scale, u.scale);
    return { scale: k < 0 ? div(frac(1), scale) : scale, dims: u.dims.map(function (d) { return d * k; }) };
  }
  function combine(a, b, sign) {
    return { scale: sign > 0 ? mul(a.scale, b.scale) : div(a.scale, b.scale),
             dims: a.dims.map(function (d, i) { return d + sign * b.dims[i]; }) };
  }
  function sameDims(a, b) { return a.every(function (d, i) { return d === b[i]; }); }

  /* ---------------------------------------------------------------- judging */

  /* Judge `text` against `expected` ({exact: "n/d", text}) whose unit is `unit` ({name, scale, dims}). */
  function judge(text, expected, unit, table) {
    var got = read(text);
    if (!got.ok) return { status: "unreadable", message: got.message, column: got.column };
    var exact = parseRatio(expected.exact);
    var resultUnit = { scale: parseRatio(unit.scale), dims: unit.dims };
    var learnerUnit = resultUnit;
    if (got.unitText) {
      learnerUnit = parseUnit(got.unitText, table || {});
      if (!learnerUnit) {
        return { status: "unreadable", message: "I don't know the unit \u201c" + got.unitText + "\u201d." };
      }
      if (!sameDims(learnerUnit.dims, resultUnit.dims)) {
        return { status: "wrong", unitMismatch: true,
                 message: "\u201c" + got.unitText + "\u201d measures something else than the answer"
                   + (unit.name ? " (" + unit.name + ")" : "") + "." };
      }
    }
    /* A bare number reads in the answer's unit; for a percentage it may also be the plain ratio (0.75 for 75%). */
    var readings = [learnerUnit];
    if (!got.unitText && resultUnit.dims.every(function (d) { return d === 0; })) {
      readings.push({ scale: frac(1), dims: resultUnit.dims });
    }
    var right = readings.some(function (unitRead) { return matches(got, exact, resultUnit, unitRead); });
    return { status: right ? "right" : "wrong", given: toNumber(got.value) };
  }

  /* The learner's number stands for every value that rounds to it: [value - step/2, value + step/2]
   * (closed, as in the grader, with the grader's hair of slack for answers that came from floats). */
  function matches(got, exact, resultUnit, learnerUnit) {
    var x = div(mul(exact, resultUnit.scale), learnerUnit.scale);
    var half = div(got.step, frac(2));
    var lo = sub(got.value, half), hi = add(got.value, half);
    var slack = div(max([abs(lo), abs(hi), abs(x)]), frac(10n ** 9n));
    return compare(sub(lo, slack), x) <= 0 && compare(x, add(hi, slack)) <= 0;
  }

  var api = { read: read, judge: judge, parseUnit: parseUnit, parseRatio: parseRatio };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BankCheck = api;
})(typeof window !== "undefined" ? window : this);
