/* Reading a learner's answer as bank's Python reader does (bank/notation: lexer, parser, lines).
 *
 * A port of the part of the prose reader a typed final answer needs: the tokens of a line, the
 * longest arithmetic from each place a value can start (numbers as people write them, units and
 * rates, $ amounts, percent, number words, functions, "x", "times", "of", "per", "at", ...), and the
 * claims those make (sides joined by "=", "is", "so", "rounded up to", ...), with the words around
 * them skipped as a human marker would. Every word list comes from bank.vocabulary, which
 * `bank build` writes into the site as window.BANK_VOCABULARY; nothing here lists a spelling.
 * Names follow the Python functions they port, so a change there can be found here.
 *
 * Exact values are fractions of BigInts ({n, d}); a node is {type, start, end, ...} as in
 * bank.notation.nodes. Errors are thrown as {notation: true, message, start, end}.
 *
 * This file holds fractions, units, the vocabulary, the lexer and exact values; parser.js the parser;
 * reader.js the line reader. Works in the browser (window.BankNotation) and in Node (module.exports).
 */
(function (root) {
  "use strict";

  /* ---------------------------------------------------------------- fractions and units */

  function frac(n, d) {
    n = BigInt(n); d = d === undefined ? 1n : BigInt(d);
    if (d === 0n) throw { zero: true, message: "division by zero" };
    if (d < 0n) { n = -n; d = -d; }
    var g = gcd(n < 0n ? -n : n, d);
    return g > 1n ? { n: n / g, d: d / g } : { n: n, d: d };
  }
  function gcd(a, b) { while (b) { var t = a % b; a = b; b = t; } return a || 1n; }
  function ratio(text) { var p = String(text).split("/"); return frac(p[0], p.length > 1 ? p[1] : 1); }
  function mul(a, b) { return frac(a.n * b.n, a.d * b.d); }
  function div(a, b) { return frac(a.n * b.d, a.d * b.n); }
  function add(a, b) { return frac(a.n * b.d + b.n * a.d, a.d * b.d); }
  function sub(a, b) { return frac(a.n * b.d - b.n * a.d, a.d * b.d); }
  function neg(a) { return { n: -a.n, d: a.d }; }
  function cmp(a, b) { var l = a.n * b.d, r = b.n * a.d; return l < r ? -1 : (l > r ? 1 : 0); }
  function pow10(k) { return k >= 0 ? frac(10n ** BigInt(k)) : frac(1n, 10n ** BigInt(-k)); }
  function isZero(a) { return a.n === 0n; }

  var NDIMS = 9;
  function unit(scale, dims, name) { return { scale: scale, dims: dims, name: name || "" }; }
  var DIMENSIONLESS = unit(frac(1), zeros(), "");
  var PERCENT = unit(frac(1, 100), zeros(), "%");
  function zeros() { var z = []; for (var i = 0; i < NDIMS; i++) z.push(0); return z; }
  function join(a, op, b) {  /* a unit's name, as bank.units._join writes it */
    if (!a) return op === "/" && b ? "1" + op + b : b;
    return b ? a + op + b : a;
  }
  function umul(a, b) { return unit(mul(a.scale, b.scale), a.dims.map(function (x, i) { return x + b.dims[i]; }), join(a.name, "·", b.name)); }
  function udiv(a, b) { return unit(div(a.scale, b.scale), a.dims.map(function (x, i) { return x - b.dims[i]; }), join(a.name, "/", b.name)); }
  function upow(a, k) {
    var s = frac(1), i;
    for (i = 0; i < Math.abs(k); i++) s = mul(s, a.scale);
    return unit(k < 0 ? div(frac(1), s) : s, a.dims.map(function (x) { return x * k; }), "(" + a.name + ")^" + k);
  }
  function dimensionless(u) { return u.dims.every(function (x) { return x === 0; }); }
  function sameDims(a, b) { return a.every(function (x, i) { return x === b[i]; }); }

  /* The vocabulary, read once: unit spellings, suffixes, words, functions. */
  var V = null;
  function vocab() {
    if (V) return V;
    var data = root.BANK_VOCABULARY;
    if (!data) throw new Error("BANK_VOCABULARY is missing: load static/vocabulary.js first");
    var units = {};
    Object.keys(data.units).forEach(function (w) {
      var e = data.units[w];
      units[w] = unit(ratio(e.scale), e.dims.slice(), w === "%" ? "%" : e.name);
    });
    function set(list) { var s = {}; list.forEach(function (w) { s[w] = true; }); return s; }
    function ratios(obj) { var o = {}; Object.keys(obj).forEach(function (k) { o[k] = ratio(obj[k]); }); return o; }
    V = { units: units, suffixes: ratios(data.suffixes), ambiguous: ratios(data.ambiguous_suffixes),
          numberWords: ratios(data.number_words), approx: set(data.approx), functions: data.functions,
          aliases: data.function_aliases || {}, reserved: set(data.reserved || []), linkWords: set(data.link_words || []),
          modelWords: set(data.model_words || []), billionBefore: set(data.billion_before || []),
          fullWidthMarks: data.full_width_marks || {}, nativeDigits: data.native_digits || {},
          perWords: set((data.rate_words || []).filter(function (w) { return w !== "each"; })), data: data,
          /* scale words in other scripts, the longest first (lexer.py _SCALE_WORDS) */
          scaleWords: Object.keys(data.suffixes).filter(function (w) { return /[^\x00-\x7f]/.test(w); })
            .sort(function (a, b) { return b.length - a.length; }) };
    return V;
  }
  function lookup(word) { return Object.prototype.hasOwnProperty.call(vocab().units, word) ? vocab().units[word] : null; }
  function has(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }
  /* a number said in a word, lower case or opening a sentence, not "One" (prose.py number_word) */
  function numberWord(text) {
    var title = /^[A-Z][a-z]+$/.test(text) && text !== "One";
    var word = title ? text.toLowerCase() : text;
    return has(vocab().numberWords, word) ? vocab().numberWords[word] : null;
  }
  function isFunction(word) { return has(vocab().functions, word); }
  function isAlias(word) { return has(vocab().aliases, word); }

  function notation(exc) { return !!exc && exc.notation === true; }
  function fail(message, start, end) { throw { notation: true, message: message, start: start, end: end === undefined ? start + 1 : end }; }

  /* ---------------------------------------------------------------- lexer (bank/notation/lexer.py, prose mode) */

  var MAX_E_EXPONENT = 400;
  /* 21,900; India's 2,19,000; Python's 21_900; LaTeX's 21{,}900; a calculator's 1.69 E 10 (lexer.py _NUMBER) */
  var NUMBER = /(\d{1,2}(?:,\d{2})+,\d{3}(?!\d)|\d{1,3}(?:,\d{3})+(?!\d)|\d{1,3}(?:_\d{3})+(?!\d)|\d{1,3}(?:\{,\}\d{3})+(?!\d)|\d+)?(\.\d+)?(?:[eE]([+-]?\d+)|(?<=\d) [eE] ?([+-]?\d+)(?![\d.,]))?/y;
  /* thousands set off by a space, as SI style writes them: 21 900, 1 310 720 */
  var RANGE = /[-–](\d+(?:\.\d+)?)(?![\d.,eE])(?!\s*(?:[A-Za-z\/%$]+\s*)?(?:[=≈→⇒]|->))/y;
  var ELLIPSIS = /\.{3}|…/y;
  var SPACED = /\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\d,]|[ \u00a0\u2009\u202f]\d)/y;
  /* the fraction of a mixed number (2 11/12), and a margin (65 ± 1, 1.1 +/- 0.05): lexer.py _MIXED, _PLUS_MINUS */
  var MIXED = / (\d{1,3})\/(\d{1,3})(?![\d.,\/])/y;
  var PLUS_MINUS = /\s*(?:±|\+\/-|\+-)\s*(\d+(?:\.\d+)?)(?![\d.,eE])/y;
  var WORD = /[A-Za-z_µμ¢][A-Za-z0-9_]*(?:['’][A-Za-z]+)?(?:-[A-Za-z][A-Za-z0-9]*)*(?:\*(?=\s*[=≈:]))?/y;  /* B* = 295 */
  var NUMBER_WORD = /(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?[kKMGB]?(?:-(?![A-Z]{1,2}\d+\b)[A-Za-z][A-Za-z0-9]*)+/y;  /* 8-card, 2,048-token, not 80-B2 */
  var OPS = ["**", "<=", ">=", "==", "!=", "+", "-", "*", "/", "^", "(", ")", ",", "<", ">", "=", "%", "$", "~"];
  var PROSE_OPS = ["~=", "=~", "->", "=>", "→", "⇒", "⟹", "≃", "≅", "⌈", "⌉", "⌊", "⌋"];
  var UNICODE_OPS = { "×": "*", "·": "*", "⋅": "*", "∙": "*", "÷": "/", "−": "-", "–": "-", "≈": "≈",
                      "≤": "<=", "≥": ">=", "≠": "!=" };
  /* Python's str.isdigit (decimal digits, and superscript, circled and other digits) and str.isspace. */
  var DIGIT = /[\p{Nd}\u{b2}-\u{b3}\u{b9}\u{1369}-\u{1371}\u{19da}\u{2070}\u{2074}-\u{2079}\u{2080}-\u{2089}\u{2460}-\u{2468}\u{2474}-\u{247c}\u{2488}-\u{2490}\u{24ea}\u{24f5}-\u{24fd}\u{24ff}\u{2776}-\u{277e}\u{2780}-\u{2788}\u{278a}-\u{2792}\u{10a40}-\u{10a43}\u{10e60}-\u{10e68}\u{11052}-\u{1105a}\u{1f100}-\u{1f10a}]/u;
  var SPACE = /[\s\x1c-\x1f\x85]/;
  var SUPERSCRIPT = { "⁰": "0", "¹": "1", "²": "2", "³": "3", "⁴": "4", "⁵": "5", "⁶": "6", "⁷": "7", "⁸": "8",
                      "⁹": "9", "⁻": "-" };

  function token(kind, text, start, end, value, resolution) {
    return { kind: kind, text: text, start: start, end: end, value: value || null, resolution: resolution || null };
  }
  function sticky(re, text, pos) { re.lastIndex = pos; return re.exec(text); }

  /* "**60 requests**": Markdown's bold marks, opening before a word or closing after one (lexer.py _bold) */
  function bold(text, pos) {
    if (text.slice(pos, pos + 2) !== "**") return false;
    var before = pos ? text[pos - 1] : " ", after = pos + 2 < text.length ? text[pos + 2] : " ";
    var space = function (c) { return /\s/.test(c); };
    return (space(before) || "(:,".indexOf(before) >= 0) && !space(after) ||
           !space(before) && (space(after) || ":,.;)".indexOf(after) >= 0);
  }

  /* An input method's full-width forms, one character for one (respell.py _FULL_WIDTH): U+FF01–U+FF5E as the ASCII
     they stand for, and the vocabulary's marks ("，" a clause break, but a digits' comma in "$21，360"). */
  var WIDE_THOUSANDS = /(?<![\d.０-９．])[\d０-９]{1,3}(?:，[\d０-９]{3})+(?![\d.０-９．])/g;
  function fullWidth(text) {
    var marks = vocab().fullWidthMarks;
    text = text.replace(WIDE_THOUSANDS, function (m) { return m.replace(/，/g, ","); });
    /* "milhões": an accented Latin letter as the letter (respell.py _ACCENTED), one character for one */
    text = text.replace(/[À-ÖØ-öø-žḀ-ỿ]/g, function (c) {
      var base = c.normalize("NFKD")[0];
      return /[A-Za-z]/.test(base) ? base : c;
    });
    /* "٧٠ × ٢", "۲٫۶۸": other scripts' digits as ASCII ones (vocabulary.NATIVE_DIGITS) */
    var native = vocab().nativeDigits;
    text = text.replace(/[\u0660-\u066c\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59]/g, function (c) {
      return has(native, c) ? native[c] : c;
    });
    return text.replace(/[\uff01-\uff5e\u3000\u3001\u3002]/g, function (c) {
      return has(marks, c) ? marks[c] : String.fromCharCode(c.charCodeAt(0) - 0xFEE0);
    });
  }

  /* ---------------------------------------------------------------- numbers said aloud (bank/notation/spoken.py) */

  var S = null;
  function spokenWords() {  /* spoken.py _UNITS, _TENS, _RUN, _SAID_EXPONENT, built from the vocabulary once */
    if (S) return S;
    var units = {}, tens = {};
    Object.keys(vocab().numberWords).forEach(function (w) {
      var v = vocab().numberWords[w];
      if (v.d !== 1n) return;
      if (v.n < 20n) units[w] = Number(v.n); else if (v.n < 100n) tens[w] = Number(v.n);
    });
    var byLength = function (a, b) { return b.length - a.length; };
    var word = Object.keys(units).concat(Object.keys(tens), ["hundred", "thousand", "oh"]).sort(byLength).join("|");
    var digit = Object.keys(units).concat(["oh"]).sort(byLength).join("|");
    S = { units: units, tens: tens,
          run: new RegExp("\\b(?:" + word + ")(?:(?:\\s+and\\s+|[\\s-]+)(?:" + word + "))*(?:\\s+point(?:\\s+(?:" + digit +
                          "))+)?(?:\\s+and\\s+an?\\s+(?:half|quarter))?\\b|(?<!this )(?<!that )(?<!the )(?<!a )\\bpoint(?:\\s+(?:" +
                          digit + "))+\\b", "gi"),
          saidOperand: new RegExp(SAYS + "(?:" + word + ")\\b", "i"),
          exponent: new RegExp("(?<=\\d)\\s+e (?:minus )?(?:" + word + ")(?:[\\s-]+(?:" + word + "))*\\b", "gi") };
    return S;
  }
  var SPOKEN_POWER = /(?<=\d)\s+(?:times|x|×)\s+(?:10|ten)\s+to\s+the\s+(?:power\s+(?:of\s+)?)?(minus\s+|negative\s+|-)?(\d{1,3})(?:st|nd|rd|th)?(?:\s+power)?\b/gi;
  var SCALES = { hundred: 100n, thousand: 1000n }, PARTS = { half: ".5", quarter: ".25" };
  var SAYS = "\\b(?:times|over|by|plus|minus|away|is|equals|gives|that's|it's|was|about|around|roughly)\\s+";
  function pad(text, length) { while (text.length < length) text += " "; return text; }
  function saidWhole(words) {  /* spoken.py _whole: "twenty six" is 26; null for words that make no one number */
    var W = spokenWords(), total = 0n, current = 0n, last = null;
    for (var i = 0; i < words.length; i++) {
      var w = words[i];
      if (has(SCALES, w)) {
        if (last === null || last === "scale" && SCALES[w] < 1000n) return null;
        current = (current || 1n) * SCALES[w];
        if (SCALES[w] === 1000n) { total += current; current = 0n; }
        last = "scale";
      } else if (has(W.tens, w)) {
        if (last === "unit" || last === "ten" || current % 100n) return null;
        current += BigInt(W.tens[w]); last = "ten";
      } else if (has(W.units, w)) {
        if (last === "unit" || last === "ten" && (W.units[w] >= 10 || current % 10n)) return null;
        current += BigInt(W.units[w]); last = "unit";
      } else return null;
    }
    return total + current;
  }
  function saidGrouped(words) {  /* spoken.py _grouped: "one forty" is 140, "eighty-one ninety-two" 8192 */
    var W = spokenWords(), k = words.indexOf("thousand");
    if (k >= 0 && words.indexOf("hundred") < 0) {
      var high = saidGrouped(words.slice(0, k)), low = words.length > k + 1 ? saidWhole(words.slice(k + 1)) : 0n;
      return high === null || low === null || low >= 1000n ? null : high * 1000n + low;
    }
    if (words.length < 2 || words.some(function (w) { return has(SCALES, w); })) return null;
    var groups = [];
    words.forEach(function (w) {
      var last = groups[groups.length - 1];
      if (has(W.units, w) && last && last.length === 2 && last[1] === "0" && W.units[w] < 10 && last !== "10") {
        groups[groups.length - 1] = last[0] + String(W.units[w]);
      } else if (has(W.tens, w) || has(W.units, w) && W.units[w] >= 10) {
        groups.push(String(has(W.tens, w) ? W.tens[w] : W.units[w]));
      } else groups.push(w === "oh" || w === "zero" ? "0" : String(W.units[w]));
    });
    var anyTen = words.some(function (w) { return has(W.tens, w); });
    var single = groups.slice(1).some(function (g) { return g.length === 1; });
    if (!anyTen || single && groups.length < 4) return null;
    return BigInt(groups.join(""));
  }
  function saidNumber(said, offset, string) {  /* spoken.py _number */
    var W = spokenWords(), low = said.toLowerCase(), part = null;
    Object.keys(PARTS).forEach(function (p) { if (low.endsWith(" " + p)) part = p; });
    if (part) low = low.replace(/\s+and\s+an?\s+\w+$/, "");
    var whole, point = false, fraction = "";
    if (low.indexOf("point ") === 0) { whole = "zero"; point = true; fraction = low.slice(6); }
    else { var at = low.indexOf(" point "); whole = at < 0 ? low : low.slice(0, at); point = at >= 0; fraction = at < 0 ? "" : low.slice(at + 7); }
    var words = whole.trim().split(/[\s-]+/).filter(function (w) { return w && w !== "and"; });
    var value = saidWhole(words);
    if (value === null) value = saidGrouped(words);
    var digits = fraction.split(/\s+/).filter(Boolean).map(function (w) { return w === "oh" ? 0 : (has(W.units, w) ? W.units[w] : null); });
    var scaled = /^\s+(?:million|billion|trillion)\b/i.test(string.slice(offset + said.length));
    var operand = new RegExp(SAYS + "$", "i").test(string.slice(0, offset)) && !(words.length === 1 && words[0] === "one")
      && !/^\s+of\b/i.test(string.slice(offset + said.length));  /* "over twenty is fifteen seconds" */
    if (value === null || digits.some(function (d) { return d === null || d > 9; }) || words.length === 1 && !point && !part && !scaled && !operand) return said;
    return pad(String(value) + (digits.length ? "." + digits.join("") : (part ? PARTS[part] : "")), said.length);
  }
  function spoken(text) {  /* spoken.py spoken: numbers and powers of ten said aloud, as digits, column for column */
    var low = text.toLowerCase(), W = spokenWords();
    if (low.indexOf(" to the ") >= 0) {
      text = text.replace(SPOKEN_POWER, function (m, sign, exp) { return pad(" × 10^" + (sign ? "-" : "") + exp, m.length); });
    }
    if (Object.keys(W.tens).some(function (w) { return low.indexOf(w) >= 0; }) || /point |hundred|thousand| and a |illion/.test(low)
        || W.saidOperand.test(text)) {
      text = text.replace(W.run, saidNumber);
    }
    if (low.indexOf(" e ") >= 0) {
      text = text.replace(W.exponent, function (m) {
        var words = m.trim().slice(2).toLowerCase(), sign = words.indexOf("minus ") === 0 ? "-" : "";
        var value = saidWhole(words.replace(/^minus /, "").split(/[\s-]+/).filter(Boolean));
        return value === null ? m : pad("e" + sign + value, m.length);
      });
    }
    return text;
  }

  function tokenize(text) {
    text = spoken(fullWidth(text));
    var tokens = [], pos = 0, n = text.length;
    while (pos < n) {
      if (SPACE.test(text[pos]) && text[pos] !== "\ufeff") { pos += 1; continue; }
      if (bold(text, pos)) { pos += 2; continue; }
      var tok = next(text, pos);
      tokens.push(tok);
      pos = tok.end;
      if (tok.kind === "num" && pos < n && has(SUPERSCRIPT, text[pos])) pos = superscript(text, pos, tokens);
    }
    tokens.push(token("end", "", n, n));
    return tokens;
  }

  function next(text, pos) {
    var ch = text[pos], n = text.length, m;
    if (/[0-9]/.test(ch) && (m = sticky(NUMBER_WORD, text, pos))) return token("name", m[0], pos, pos + m[0].length);
    if (/[0-9]/.test(ch) || (ch === "." && pos + 1 < n && /[0-9]/.test(text[pos + 1]))) {
      return goingOn(text, lexNumber(text, pos));
    }
    var full = String.fromCodePoint(text.codePointAt(pos));
    if (DIGIT.test(full)) fail("`" + full + "` is not an ASCII digit; write numbers with 0-9", pos);
    if ((ch === "x" || ch === "X") && pos + 1 < n && /[0-9.$(]/.test(text[pos + 1])) {
      return token("name", ch, pos, pos + 1);  /* 24x365, "..., x4 = 7272": a times sign */
    }
    if ((ch === "w" || ch === "W") && text.startsWith("/ ", pos + 1)) return token("name", "w/", pos, pos + 2);  /* with */
    if (/[A-Za-z_µμ¢]/.test(ch)) { m = sticky(WORD, text, pos); return token("name", m[0], pos, pos + m[0].length); }
    if (!/[\x00-\x7f]/.test(ch) && /[0-9] ?$/.test(text.slice(Math.max(0, pos - 2), pos))) {
      /* 700억, 3000万, 3 करोड़: a scale word in another script after a number (lexer.py _SCALE_WORDS) */
      var scale = vocab().scaleWords.find(function (w) { return text.startsWith(w, pos); });
      if (scale) return token("name", scale, pos, pos + scale.length);
    }
    var op = PROSE_OPS.find(function (o) { return text.startsWith(o, pos); });
    if (op) return token("op", op, pos, pos + op.length);
    if (has(UNICODE_OPS, ch)) return token("op", UNICODE_OPS[ch], pos, pos + 1);
    op = OPS.find(function (o) { return text.startsWith(o, pos); });
    if (op) return token("op", op, pos, pos + op.length);
    return token("punct", full, pos, pos + full.length);
  }

  function superscript(text, pos, tokens) {
    var end = pos;
    while (end < text.length && has(SUPERSCRIPT, text[end])) end += 1;
    var digits = Array.prototype.map.call(text.slice(pos, end), function (c) { return SUPERSCRIPT[c]; }).join("");
    tokens.push(token("op", "^", pos, pos));
    if (!/^-?\d+$/.test(digits)) fail("a superscript exponent needs digits", pos, end);
    tokens.push(token("num", digits, pos, end, frac(digits), frac(1)));
    return end;
  }

  /* "2,5 $/h", "0,336 GB", "3,35e12": a decimal comma; a comma before three digits separates thousands
     (1,500) unless the whole part is a lone 0 (lexer.py _decimal_comma) */
  var DECIMAL_COMMA = /,(\d+)(?![\d,.])(?:[eE]([+-]?\d+))?/y;
  /* lexer.py _in_arguments, _open_bracket: a comma after the number separates a call's arguments */
  function inArguments(text, pos) {
    var before = text.slice(0, pos);
    if (/,$/.test(before)) return true;
    var depth = 0, opened = -1;
    for (var i = before.length - 1; i >= 0 && before[i] !== "\n"; i--) {
      depth += (before[i] === ")") - (before[i] === "(");
      if (depth < 0) { opened = i; break; }
    }
    var call = opened < 0 ? null : /([A-Za-z_][A-Za-z_.]*)(\s*)$/.exec(before.slice(0, opened));
    return !!call && (isFunction(call[1]) || isAlias(call[1])
                      || call[1] === call[1].toUpperCase() && /[A-Z]/.test(call[1]) && call[1].length > 2 && !call[2]);
  }

  function decimalComma(text, pos, end, whole) {
    var at = end, after = null;
    if (/^0,\d{3}$/.test(whole)) { at = pos + 1; after = sticky(DECIMAL_COMMA, text, at); }
    else if (/^\d+$/.test(whole)) {
      after = sticky(DECIMAL_COMMA, text, at);
      if (after && after[1].length === 3) return null;
    }
    if (!after) {
      if (whole.indexOf(",") >= 0 && /^,\d{1,2}(?!\d)/.test(text.slice(end, end + 4))) {
        fail("`" + text.slice(pos, end + 3) + "`: a comma separates thousands (1,500) or decimals (2,5), not both", pos, end + 3);
      }
      return null;
    }
    var digits = after[1], exp = after[2], stop = at + after[0].length;
    var value = add(frac(text.slice(pos, at) || "0"), frac(digits, 10n ** BigInt(digits.length)));
    var resolution = pow10(-digits.length);
    if (exp !== undefined) {
      var e = exp.replace(/^[+-]/, "").length <= 6 ? parseInt(exp, 10) : MAX_E_EXPONENT + 1;
      if (Math.abs(e) > MAX_E_EXPONENT) fail("exponent " + exp + " is too large (limit ±" + MAX_E_EXPONENT + ")", pos, stop);
      value = mul(value, pow10(e));
      resolution = mul(resolution, pow10(e));
    }
    return token("num", text.slice(pos, stop), pos, stop, value, resolution);
  }

  function goingOn(text, tok) {
    /* "6.666... s": digits cut off, the interval up to the next digit (lexer.py _going_on) */
    var dots = sticky(ELLIPSIS, text, tok.end);
    if (!dots || cmp(tok.resolution, frac(1)) >= 0) return tok;
    var end = tok.end + dots[0].length, mid = add(tok.value, div(tok.resolution, frac(2)));
    return token("num", text.slice(tok.start, end), tok.start, end, mid, tok.resolution);
  }
  function lexNumber(text, pos) {
    var spaced = sticky(SPACED, text, pos);
    var m = sticky(NUMBER, text, spaced ? pos + spaced[0].length : pos);
    var whole = spaced ? spaced[0] : m[1] || "", fraction = m[2] || "", exp = m[3] || m[4];  /* "1.69 E 10" too */
    var value = frac(whole.replace(/[,_{} \u00a0\u2009\u202f]/g, "") || "0"), resolution = frac(1);
    if (fraction) {
      value = add(value, frac(fraction.slice(1), 10n ** BigInt(fraction.length - 1)));
      resolution = pow10(-(fraction.length - 1));
    }
    if (exp !== undefined) {
      var e = exp.replace(/^[+-]/, "").length <= 6 ? parseInt(exp, 10) : MAX_E_EXPONENT + 1;
      if (Math.abs(e) > MAX_E_EXPONENT) fail("exponent " + exp + " is too large (limit ±" + MAX_E_EXPONENT + ")", pos, pos + m[0].length);
      value = mul(value, pow10(e));
      resolution = mul(resolution, pow10(e));
    }
    var end = (spaced ? pos + spaced[0].length : pos) + m[0].length;
    /* max(4,5), ROUNDUP(B3/4000,0): a number in a function's brackets or after a comma is one of a list */
    if (!fraction && exp === undefined && !inArguments(text, pos)) {
      var comma = decimalComma(text, pos, end, whole);
      if (comma) return comma;
    }
    var mixed = !fraction && exp === undefined && !spaced ? sticky(MIXED, text, end) : null;
    if (mixed && parseInt(mixed[1], 10) > 0 && parseInt(mixed[1], 10) < parseInt(mixed[2], 10) && text[pos - 1] !== "/") {
      return token("num", text.slice(pos, end + mixed[0].length), pos, end + mixed[0].length,
                   add(value, frac(BigInt(mixed[1]), BigInt(mixed[2]))), frac(0));
    }
    var spread = sticky(PLUS_MINUS, text, end);
    if (spread) {  /* "65 ± 1 $/M": 65, give or take 1 */
      var margin = frac(spread[1].replace(".", ""), 10n ** BigInt((spread[1].split(".")[1] || "").length));
      return token("num", text.slice(pos, end + spread[0].length), pos, end + spread[0].length, value, mul(frac(2), margin));
    }
    var upper = exp === undefined ? sticky(RANGE, text, end) : null;
    var top = upper ? frac(upper[1].replace(".", ""), 10n ** BigInt((upper[1].split(".")[1] || "").length)) : null;
    if (upper && cmp(top, value) > 0 && cmp(top, mul(frac(10), value)) <= 0
        && !(text[end] === "-" && /[*×·\/]\($/.test(text.slice(0, pos)))) {
      /* "about 52-53 s": a range, not 52 minus 53; "0.95-140" and "12*(1-5%)" are subtractions (lexer.py _RANGE) */
      return token("num", text.slice(pos, end + upper[0].length), pos, end + upper[0].length,
                   div(add(value, top), frac(2)), sub(top, value));
    }
    return token("num", text.slice(pos, end), pos, end, value, resolution);
  }


  /* ---------------------------------------------------------------- exact values (bank/notation/exact.py, functions.py) */

  var MAX_SYMBOLIC_EXPONENT = 64, MAX_EXPONENT = 10000, MAX_POWER_DIGITS = 400;

  function floorDiv(a) { var q = a.n / a.d; return (a.n % a.d !== 0n && a.n < 0n) ? q - 1n : q; }
  var EXACT = {
    ceil: function (a) { return neg(frac(floorDiv(neg(a[0])))); },
    floor: function (a) { return frac(floorDiv(a[0])); },
    round: function (a) { return frac(floorDiv(add(a[0], frac(1, 2)))); },
    sqrt: function (a) { return power(a[0], frac(1, 2)); },
    abs: function (a) { return a[0].n < 0n ? neg(a[0]) : a[0]; },
    min: function (a) { return a.reduce(function (m, x) { return cmp(x, m) < 0 ? x : m; }); },
    max: function (a) { return a.reduce(function (m, x) { return cmp(x, m) > 0 ? x : m; }); }
  };
  function log10(x) { return Math.log10(Number(x.n < 0n ? -x.n : x.n)) - Math.log10(Number(x.d)); }
  function ipow(a, k) {  /* a ** k for a whole k */
    var r = frac(1), b = a, e = k < 0n ? -k : k;
    while (e > 0n) { if (e & 1n) r = mul(r, b); b = mul(b, b); e >>= 1n; }
    return k < 0n ? div(frac(1), r) : r;
  }
  function fromFloat(x) {  /* a float's exact value, as Python's Fraction(float) */
    if (!isFinite(x)) throw { notation: true, message: "cannot compute this", start: 0, end: 0 };
    if (x === 0) return frac(0);
    var e = 0;
    while (!Number.isInteger(x) && e < 1100) { x *= 2; e += 1; }
    return frac(BigInt(x), 2n ** BigInt(e));
  }
  function power(a, b) {
    var one = a.n === a.d || a.n === -a.d;
    if (Math.abs(Number(b.n) / Number(b.d)) > MAX_EXPONENT && !isZero(a) && !one) throw { value: true, message: "power too large" };
    if (b.d === 1n) {
      if (!isZero(a) && Math.abs(log10(a)) * Math.abs(Number(b.n)) > MAX_POWER_DIGITS) throw { value: true, message: "power too large" };
      if (isZero(a) && b.n < 0n) throw { zero: true, message: "zero to a negative power" };
      return ipow(a, b.n);
    }
    if (a.n < 0n) throw { value: true, message: "negative base with a fractional exponent" };
    var k = Number(b.d), num = BigInt(Math.round(Math.pow(Number(a.n), 1 / k))), den = BigInt(Math.round(Math.pow(Number(a.d), 1 / k)));
    if (num ** b.d === a.n && den ** b.d === a.d) return ipow(frac(num, den), b.n);
    return fromFloat(Math.pow(Number(a.n) / Number(a.d), Number(b.n) / Number(b.d)));
  }
  function evaluate(node) {  /* exact value in base units (constant trees: no names) */
    switch (node.type) {
      case "num": return node.value;
      case "quantity": return mul(evaluate(node.operand), node.unit.scale);
      case "neg": return neg(evaluate(node.operand));
      case "binop": return arith(node.op, evaluate(node.left), evaluate(node.right));
      case "call": return EXACT[node.func](node.args.map(evaluate));
      default: throw { key: true, message: "unknown name" };
    }
  }
  function arith(op, a, b) {
    if (op === "+") return add(a, b);
    if (op === "-") return sub(a, b);
    if (op === "*") return mul(a, b);
    if (op === "/") return div(a, b);
    return power(a, b);
  }
  function constant(node) {
    try { return evaluate(node); } catch (exc) { if (exc.key || exc.value || exc.zero || exc.notation) return null; throw exc; }
  }
  function checkPower(node) {  /* refuse powers whose result would be enormous, before computing them */
    var exponent = constant(node.right);
    if (exponent === null) fail("an exponent must be a number", node.right.start, node.right.end);
    if (exponent.d > 4n) fail("only whole, half or quarter exponents are allowed", node.right.start, node.right.end);
    var base = constant(node.left), e = Math.abs(Number(exponent.n) / Number(exponent.d));
    if (base === null) {
      if (e > MAX_SYMBOLIC_EXPONENT) fail("exponent " + exponent.n + " is too large (limit " + MAX_SYMBOLIC_EXPONENT + ")", node.opStart, node.end);
      return;
    }
    if (isZero(base) && exponent.n < 0n) fail("zero to a negative power is undefined", node.opStart, node.end);
    if (base.n < 0n && exponent.d !== 1n) fail("a negative number has no real fractional power", node.opStart, node.end);
    var one = base.n === base.d || base.n === -base.d;
    if (e > MAX_EXPONENT && !one) fail("exponent is too large (limit 10,000)", node.opStart, node.end);
    if (one) return;
    var digits = isZero(base) ? 0 : Math.abs(log10(base)) * e;
    if (digits > MAX_POWER_DIGITS) fail("this power has about " + Math.round(digits) + " digits (limit " + MAX_POWER_DIGITS + ")", node.opStart, node.end);
  }
  function inferUnit(node) {  /* bank.notation.exact.infer_unit, with no names */
    switch (node.type) {
      case "num": case "name": return DIMENSIONLESS;
      case "quantity": return umul(inferUnit(node.operand), node.unit);
      case "neg": return inferUnit(node.operand);
      case "call": return callUnit(node.func, node.args.map(inferUnit), node);
    }
    var left = inferUnit(node.left);
    if (node.op === "^") {
      var e = constant(node.right) || frac(0);
      if (e.d !== 1n && !dimensionless(left)) fail("cannot take a fractional power", node.start, node.end);
      return e.d === 1n ? upow(left, Number(e.n)) : left;
    }
    var right = inferUnit(node.right);
    if (node.op === "*") return umul(left, right);
    if (node.op === "/") return udiv(left, right);
    if (!sameDims(left.dims, right.dims)) fail("cannot add or subtract", node.opStart);
    return unit(frac(1), left.dims, left.name);
  }
  var UNIT_RULE = { ceil: "count", floor: "count", round: "count", sqrt: "root" };
  function callUnit(func, args, node) {
    var first = args[0], rule = UNIT_RULE[func] || "same";
    if (rule === "count" && first.dims.slice(0, 4).some(function (x) { return x !== 0; })) fail("needs a count", node.start, node.end);
    if (rule === "root") {
      if (first.dims.some(function (x) { return x % 2 !== 0; })) fail("cannot take the square root", node.start, node.end);
      return unit(frac(1), first.dims.map(function (x) { return x / 2; }));
    }
    if (args.some(function (a) { return !sameDims(a.dims, first.dims); })) fail("different units", node.start, node.end);
    return unit(frac(1), first.dims);
  }

  var api = { frac: frac, ratio: ratio, mul: mul, div: div, add: add, sub: sub, neg: neg, cmp: cmp, pow10: pow10,
              isZero: isZero, unit: unit, umul: umul, udiv: udiv, upow: upow, dimensionless: dimensionless,
              sameDims: sameDims, DIMENSIONLESS: DIMENSIONLESS, PERCENT: PERCENT, vocab: vocab, lookup: lookup,
              has: has, numberWord: numberWord, isFunction: isFunction, isAlias: isAlias, fail: fail, tokenize: tokenize, zeros: zeros,
              EXACT: EXACT, power: power, arith: arith, constant: constant, checkPower: checkPower, inferUnit: inferUnit,
              notation: notation };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.BankNotation = api;
})(typeof window !== "undefined" ? window : this);
