"""Hostile learner lines for the prose readings: thousands set off by spaces, hyphenated ranges, Markdown bold,
equations and remarks in brackets, bullets, decimal commas, lower-case units and billions, code comments and
prompts, LaTeX, results before a dash, cut-off digits, SI's ``s⁻¹``, R's ``<-`` and ``[1]``, a calculator's
``in GB`` and ``× 1e6``, values side by side, inequalities, units as labels, struck-out values, stated precisions,
a stopwatch's seconds, lines that open with ``plus`` or an arrow, Swiss thousands, closing tags, ``9.5×``, ``divide
… by``, footnote marks, ``p/s``, ``c.`` and ``ish``, comments that name their value, numbered table rows, chat's
``m``, rough values in brackets, signs after words, French octets, Indian digit groups and Unicode fractions; psql
sessions, IPython cells, transcripts, emails, Chinese and Japanese counters, bare divisors,
spreadsheets pasted with their formulas, operators said in Portuguese, calculator screens, Cyrillic units and
other languages' prompts; and
whole workings that define variables (some spelt like units) or write numbers the European way. Each runs `bank
grade` in a process of its own with bounded time and memory, and must end in a verdict or a located error, never a
traceback."""

from __future__ import annotations

import pytest

from .conftest import questions_folder, run_bank

LINES = {
    "spaced-thousands": "t = " + "1 000 " * 80,
    "spaced-thousands-no-end": "1 000 000 000 000 000 000 000 000 000 000 000 000 000 000 000 000 = 1e45",
    "ranges": "t = " + "1-2-" * 100 + "3",
    "range-then-result": "70-80 = -10, 70-80 s, 9-10 =",
    "bold": "**" * 200,
    "bold-words": "** a ** b " * 40 + "= 2",
    "bracket-equations": "t = 1 " + "/ (2 = 2) " * 45 + "= 0.5",
    "nested-bracket-equation": "t = 1 / (2 = (3 = 3)) = 0.5",
    "bracket-remarks": "t = 2 " + "(k,v) x 2 " * 45 + "= 4",
    "bullet-then-nothing": "* ",
    "bullets": "* " * 150 + "2 * 3 = 6",
    "share-of": "7.2k is 80% of 9k is 80% of 9k is 80% of " * 5,
    "scientific-divisor": "t = 1 " + "÷ 2 × 10^3 " * 40 + "= 5",
    "decimal-commas": "t = " + "1,5 x 0,25 x " * 30 + "1,963 = 2,5e400",
    "mixed-commas": "1,500,5 + 1,50,5,5 + 0,0,0 = 1",
    "b-billions": "t = " + "8b x " * 80 + "1 = 5.37b bytes (8b)",
    "star-names": "B* = " * 60 + "1",
    "lower-case-units": "t = " + "1gb x 2tflops / 3mb " * 20 + "= 1",
    "comment-code": "x = 1 + 2 " + "# 3 " * 100,
    "prompt-no-value": ">>> " + "1 + " * 100 + "1",
    "digit-underscores": "t = " + "1_000_000_" * 40 + "1 = 1",
    "prompt-assignments": ">>> " + "a = " * 80 + "1",
    "arrows-back": "11.7 s " + "<- 70 / 6 " * 60 + "← ← <-",
    "arrow-back-first": "<- ← 1 <- 2 = <- 3",
    "bracketed-units": "t = " + "1 [GB] (s) [ms] " * 50 + "= 2 (((s))) [[GB]]",
    "mixed-numbers": "t = " + "1 1/2 2 999/1000 " * 30 + "= 1 1/1 0/0 1 0/0",
    "javascript": "const " * 50 + "x = 1; // " * 50 + "Math.Math.ceil(" * 20 + "1",
    "dimensions": "t = 1 s " + "[B]/[B/s] = [s] " * 40 + "[[B]]/[" * 20,
    "multipliers": "x = 2 " + "twice that half again double it " * 30 + "= 4",
    "table": "|" * 300 + " 1 | 2 × 3 | 6 |" * 10,
    "table-rule": "|---" * 200 + "|",
    "plus-minus": "t = " + "1 ± 2 +/- 3 ± " * 40 + "4",
    "implicit-multiplication": "t = " + "2(" * 45 + "3" + ")" * 45 + "(4)" * 60 + " = 1",
    "ans": "ans / " * 60 + "ceil(ans) = ans",
    "full-width": "ｔ＝" + "１２３，４５６。" * 40 + "＝（（（１",
    "latex-commands": "$" + "\\times \\frac{1}{2} \\text{GB} \\, " * 30 + "= \\lceil 2 \\rceil$",
    "latex-nested-fractions": "t = " + "\\frac{" * 40 + "1" + "}{2}" * 40 + " = 1",
    "latex-dollars": "$$" * 100 + "\\$" * 100 + "1 \\times 2 = 2",
    "latex-exponents": "t = 10^{" * 50 + "2" + "}" * 50 + " = 1",
    "a-tab-after-the-value": "\t1\t+\t2\t=\t3\t",
    "dash-after-result": "26 GB " + "a b 1 " * 60 + "- " + "13 x 2 - " * 30 + "1",
    "dashes-after-results": "1 - " * 99 + "— –– --",
    "cut-off-digits": "t = " + "6.666... " * 60 + "1.0…… ...= 6.6...",
    "per-powers": "t = 4.8 TB·s⁻¹ " + "⁻¹ ·s⁻¹ h⁻¹" * 60 + " = 1 s⁻¹⁻¹",
    "giga": "t = " + "70G x 2G / " * 60 + "1 = 5.6e14 FLOP",
    "r-assignments": "x <- " * 100 + "1 <- 2",
    "r-printed": "[1] " * 100 + "1",
    "conversions": "1 * 2 in GB = " * 30 + "3 to to in in GB per per s = 1e6 per million tokens",
    "a-long-unit-to-convert-to": "1 * 2 in " + "G" * 5000 + " = 2 GB",
    "millions-as-factors": "$10/h / 2560 tok/s" + " * 1e6" * 80 + " = $1 per million tokens",
    "tuples": "(" * 60 + "1, 2" + ")" * 60 + " = (" + "1, " * 100 + "2) | " * 20 + "3",
    "bars": "a | b = " + "1 | 2 = " * 60 + "| | |",
    "inequalities": "n " + "<= 1 >= 2 ≤ 3 ≥ " * 25 + "24t >= 5 <- 6 < 7",
    "unit-labels": "GB per s per tok: " + "1 / 2 = " * 60 + "3",
    "subscripts": "W₁₆₈₀₀₀₀₀₀₀₀₀₀₀ = " + "₁₂" * 200 + " = 1₂ p.a. p.a.",
    "restated-rates": "12 × $2.50 = $30/hr" + " ≈ $720/day ≈ $21.9k/mo" * 60,
    "bracketed-unit-labels": "W [" + "GB/" * 300 + "s] := 1 / 2 = 3",
    "numbered-heading": "99) " + "Heading " * 2000,
    "struck-out": "t = " + "~~1~~ " * 300 + "~~" * 200 + "~ ~~2 = 3~~ = 4",
    "precisions": "t = 1 " + "(3 s.f.) to 1 d.p. 2 dp (2 decimal places) " * 40 + "= 1",
    "stopwatch": "t = " + "0:00.1 + 0:59 + " * 60 + "0:0:0 = 0:60",
    "openers": "plus " * 200 + "1 s gives 2 s → ≈ ~ 3",
    "swiss-thousands": "t = " + "1'000'" * 200 + "000 ’’ 1’2 = 1'000",
    "closing-tags": "t = 1 + 2 = 3   [" + "a = b " * 300 + "]",
    "times-after": "t = " + "2×, " * 200 + "3× [x]",
    "divide-by": "divide " * 200 + "1 GB by by 2 divide by divide by 3 = 0.2",
    "footnotes": "¹²³ " + "2 cards¹²³* GB** s⁻¹† " * 100 + "10⁹¹ = 1*",
    "british-and-casual": "c. " * 100 + "1 tok p/s p/h ish-ish 12ish-ish = c. c. 2 GB-ish p/",
    "named-comments": "x = 1 * 2  # " + "Little's law " * 300 + "-> 2 # a -> 3 # b: 4",
    "numbered-tables": "| 1 | " + "70B params × 2 bytes | " * 200 + "+12 rps |",
    "chat-millions": "1m " * 300 + "= 2.2m per m tok / m per m m",
    "rough-asides": "1 / 3 = 0.33 " + "(~0.3 (≈ 0.3)) " * 200 + "(~",
    "signed-after-words": "backlog +1 " * 300 + "-2 req/s = +3 Go -4 Mo octets To",
    "indian-grouping": "1" + ",11" * 240 + " = 1,00,000 lakh crore crores ,00,000",
    "vulgar-fractions": "½" * 200 + " 1¾¾ 9/10 of ⅞ of 1/0 of = ⅒",
    "latex-braces": "$" + r"\frac{1{,}000{,}000}{" * 50 + "2{,}000" + "}" * 50 + "$ " + "{,}" * 300
                    + r" t_{\text{x}}^* \text{" * 100 + r"\$ $ \$",
    "into-and-by": "2 into " * 300 + "by by into (1 by 0) = 1 by 25% into",
    "wide-thousands": "１，０００，０００，" * 100 + "$21，360，，，1，2345",
    "typst-fractions": "$ " + "frac(" * 300 + "1, 2" + ")" * 300 + " approx " + "frac(1, 2) times " * 300
                       + 't_"step" arrow.r "GB" $ $ frac(, ) $',
    "asciimath": "`" + "70 xx 2 ~~ " * 300 + '"GB" |~ 1.5 ~| -: |__ 2 __| cdot `' + "`" * 7,
    "emoji": "💰" * 500 + " 7 ✖️ 4 ➗ " * 200 + "🤔✅❌👍🏽‍" * 200 + " = 💰28 ⏱️",
    "myriads": "700억 × " * 200 + "3000만 करोड़ करोड़ अरब लाख 万亿 = 1조",
    "scale-dots-and-commas": "70 mia. × " * 300 + "30 mio. 2,039 / 1,234 = 1,234",
    "what-for": "2" + " for a b c d" * 200 + " = 1 for x + 2 for y = 3 for - 4",
    "taken-back": "= 1 s, sorry, " * 150 + "2 s, no wait, no, no, 3, actually $4, I mean",
    "spaced-exponents": "1 E 9 " * 200 + "= 1 e+99999 E-1 e 4 E",
    "margins-and-scales": "= 1 (1–2) (1 ± 2) " * 100 + "70 mil millones mil millones millones pc pc % (–) (±)",
    "accents": "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëǅǈǋ" * 40 + " 40 milhões bilhões ǉ ž Ž ø Ø = 1",
    "conversion-factors": "$10/hr / (" + " × ".join(["3,600"] * 120) + " × 60 s × 24 h) = $1.08 per Mtok = 9M tok",
    "columns": "\t".join(["1 x 2", "3"] * 150) + "     ".join(["4 warm", "4 × 5", "$2", "≈"] * 50),
    "left-open": "s = p × (" + "1 + " * 400 + "1 = 401 = (401 = " + "(" * 50 + "= 1",
    "prints": 'print(f"{' + "a * " * 300 + 'a:.1f} {b}")  # 1 = 2 # 3' + " print((((" * 50 + "# 4",
    "bars-and-at-signs": "a = 1 | " * 150 + "@ $3/h @ @ = 1 @ 2 / @ | = | @",
    "spoken-powers": "6.4 times 10 to the 999 " + "times ten to the minus 9999th power " * 60 + "= 1 x 10 to the 99",
    "spoken-numbers": "twenty " * 200 + "one hundred and " * 100 + "point " * 50 + "two five nine point = "
                      + "nine thousand nine hundred ninety nine " * 50,
    "threads-and-reasons": "1/ " * 100 + "n/ 24/7 24/7: 2 cards, as 1 / 2 = 0.5, since 3 * 4 = 12, because " * 30,
    "ranges-and-chat-logs": "[10:02] a: " * 60 + "1–2–3–4 " * 100 + "[99:99] 223–224 → 1–0 = –5 [1:2] b:",
    "shell-and-sources": "$ " + "python3 -c \"print(" * 50 + "1)\"" + " (lines 1, 2)" * 100 + " $ echo $((((1)))) | bc",
    "emphasis-and-code": "*" * 300 + " *1* " * 100 + "let x: f64 := (int)(" * 40 + "/* " * 50 + "1 */ // 2",
    "notebooks-sheets-keys": "In[1]:= " + "N[Ceiling[" * 60 + "1" + "]]" * 60 + " Out[1]= {1., {2.}}" + ",1*2,3" * 100
                             + " key: 1 # " + "2 * " * 200 + "3" + ' "a\rb",1*2,3 a\r,1*2,3',
    "hexadecimal": "0x" + "f" * 40 + " 0x " * 50 + "0xffffffffffffffff" * 30 + " = 0x1.5e3 0X_ 0xg",
    "compound-updates": "q = 0; q += " + "q += " * 200 + "1 * 60 → 60 -= *= /= 0 → 1",
    "said-ahead-and-remarks": "Bottom line: 1 s " * 100 + "and divided by and times and at 4 bit half that "
                              + "Caveat: 2 s → n = 3 s, so x = 1 × 2",
    # far over the parser's limit: refused at once, not after every reading is tried (it took 10 s)
    "a-long-line": "**Intensity at batch " + " " * 200_000 + "1** = 1 rps backlog growth",
}

#: Whole workings that ask the reader to remember: a learner's variables, and a prompt's printed value.
WORKINGS = {
    # each name is the last one twice over: inlined naively, the last line would hold 2^60 nodes
    "doubling-variables": "a1 = 1 + 1\n" + "".join(f"a{i + 1} = a{i} + a{i} + 0\n" for i in range(1, 60)),
    "many-variables": "".join(f"v{i} = {i} x 2 = {2 * i}\n" for i in range(80)) + "v79 + v1 = 160",
    "self-reference": "t = t + 1 = 2\nt = t * t = 4\n1 / t = 0.25",
    "prompts": ">>> 1 + 1\n" * 50 + "2\n>>> 2 * 2\n4.00000000000000000001",
    "long-names": "".join(f"growth{i} = surge{i} - 40   # 12 req/s\n" for i in range(40)),
    "r-console": "load <- 70 / 6\n[1] 11.7\n" * 30 + "[1] 1 2 3\n" * 30 + "load + load\n[1] [1] 23.4",
    "european": "0,9 x 80\n" + "131.072.000.000,5 x 1.000 = 8 760,5\n" * 30 + "1.2.3.4 = 1 234 567,8,9",
    "algebra": "W = 70 × 2\n" + "    = 140 - 1 + 1\n" * 60 + "    = 140 GB",
    "a-tape": "70e9 x 2 bytes = 140e9 B\n" + "/ 1e9 = 140 GB\nx 1e9 = 140e9 B\n" * 40 + "= 140 GB",
    "going-on": "11.7 s (≈ 65 GiB)\n" + "plus 20 s gives 31.7 s, 31.7 is the total\n→ 32 s\n≈ 32 s\n" * 30,
    "python-statements": ">>> " + "; ".join(f"a{i} = {i} * 2" for i in range(200)) + "; a1, a2\n(2, 4)\n"
                         + ">>> a, b, c = 1, 2\n>>> _ * _\n" * 30 + ">>> " + ",".join(["1"] * 500) + "\n("
                         + ",".join(["1"] * 500) + ")\n>>> import math; math.ceil(_)\n1",
    "doubling-at-a-prompt": ">>> a1 = 1 + 1\n" + "".join(f">>> a{i + 1}, b = a{i} + a{i} + 0, 1\n" for i in range(1, 60)),
    "shell-session": "".join(f'$ python3 -c "print({i}*2, {i}/0)"\n{2 * i} nan\n$ echo "{i}^99999" | bc\n1\n'
                             for i in range(40)) + "$ awk 'BEGIN{print 1/0}'\ninf\n$ rm -rf /\n",
    "mathematica-session": "".join(f"In[{i}]:= x{i} = {i} {i} 10^99999 // N\nOut[{i}]= {{{i}., {i}.}}\n"
                                   for i in range(40)) + "step,formula,value\n" + "a,1/0,1\n" * 30,
    "compound-doubling": "x = 2\n" + "x *= x → 4\nx /= 0 → 1\nx -= x + x + x → 0\n" * 30,
    "said-ahead": "".join(f"Bottom line: {i} s.\n" for i in range(60)) + "".join(f"t = {i} + 0 = {i} s\n"
                                                                            for i in range(60)) + "Caveat: 1 s",
    "going-on-from-earlier": "".join(f"load {i} / 3 = {i / 3:.2f}\n" for i in range(60)) + "+1 spare → 99\n" * 60,
    "cells-with-words": "".join(f"B{i} cell number {i} = B{i - 1} + B{i - 1} at batch {i} = {i}\n" for i in range(1, 60))
                        + "C1 = 1000/B59 = 1 tok/s per sequence | D1 = C1 @ $1/h = $1/h\n",
    "script-prints": "".join(f"v{i} = v{i - 1} * 2 + {i}\nprint(f\"{{v{i}:.1f}}\")  # {i}\n" for i in range(1, 60)),
    "numbered-steps": "".join(f"({i}) v = ({i - 1}) + ({i - 1}) + 0 = {2 ** i}\n" for i in range(1, 60)) + "(99) (98) (1)(2)\n",
    "psql-session": "".join(f"analytics=> select {i}*2 as a{i}, a{i - 1}^99999 as b{i}, round(round({i}, 2), 2) as c;\n"
                            f" a{i} | b{i} | c\n----+----+---\n {2 * i} | 1 | {i}\n(1 row)\n" for i in range(1, 40))
                    + "=> with t as (select 1 as x)\n" + "-> select x" + ", x" * 2000 + "\n" + " 1 |" * 3000 + "\n",
    "psql-never-ends": "analytics=> with t as (\n" + "select (((((1\n" * 200 + "| 1 | 2\n-[ RECORD 1 ]\nx | 5\n",
    "transcript-and-email": "".join(f"Interviewer: {i} × 2 = {2 * i}\nMe: = {i}\n> {i} GB\n" for i in range(60))
                            + "-- \n" + "+44 7700 900461\n" * 30,
    "ipython-session": "".join(f"In [{i}]: a{i} = int(a{i - 1} * a{i - 1} + 0.5)  # {i}% of it\n   ...: a{i}\n"
                               f"Out[{i}]: {i}\n" for i in range(1, 60)) + "   ...:\n" * 30 + "Out[99]: [1, 2]\n"
                       + "In [100]: f = lambda x: f(x)\n   ...: f(1), int(9" + "9" * 5000 + ")\n",
    "bare-divisors": "".join(f"t = 5.6e14 FLOP / ({i} × 494.5e12 × 1e{i}) = {i} ms\n" for i in range(1, 60)),
    "formula-rows": "".join(f"row {i} | =B{i - 1}*B{i - 1}+AUFRUNDEN(B{i - 1};0) | {i}\n" for i in range(1, 80))
                    + "9999 | x | =B9999/0 | 1\n" + "a | =" + "ROUNDUP(" * 300 + "1;0)" * 300 + " | 1\n"
                    + "1 mais " * 200 + "1 = 201\n",
    "calculator-screen": "".join(f"Ans*Ans+{i}E{i}\n{' ' * 40}{i}.5E99\n" for i in range(1, 60)) + "Ans/0\n      1\n",
    "cyrillic-units": "".join(f"{i} млрд × {i} млн ГБ/с = {i} тыс мс Б с ч\n" for i in range(60)),
    "other-repls": "".join(f"ghci> let a{i} = it * it + ans\n=> {i}\njulia> a{i} / 0\n{i}.0\n> a{i} ^ 99999\n1\n"
                           f"irb(main):{i:03d}:0> (((a{i}\n=> nil\n" for i in range(1, 40)),
    "cjk-counters": "".join(f"{'两' * i}张卡 × {i}个 ÷ 三倍 = 4 张卡\n" for i in range(1, 60)),
    "matlab-window": "".join(f">> tb{i} = ans .^ 99999 .* [1 2 3]; % {i}%\nans =\n\nans =\n   {i}.0000e+99\n"
                             f">> ms = tb{i} / 0\nms = {i}\n>> > > quoted ({i} GB\n" for i in range(1, 60)),
    "bc-and-units": "$ bc -l\n" + "".join(f"scale={i}\nlast^{10 ** i}+(((last\n{i}\nx{i}=last\n" for i in range(1, 40))
                    + "$ units -1\n" + "".join(f"You have: {i} GB^99 / (0 s)\nYou want: {'furlong ' * i}\n * {i}\n"
                                                 for i in range(1, 40)) + "You want: s\n* 1\n",
    "powershell": "".join(f"PS C:\\> $a{i} = [math]::Pow($a{i - 1}, 99999) * {i}PB; $a{i}; $a{i}; [math]::Nope(1)\n"
                          f"{i}\n{i}.5\nPS> ${'$' * i}\n" for i in range(1, 60)) + "1\n" * 200,
    "columns": "".join(f"  {i}\nx {i}e{i}\n{'-' * (i + 3)}\n  {i}\n{'=' * 3}\n {i} GB\n{i}.5\n{i} ) {i}00\n"
                       for i in range(1, 80)) + "1\n+ 1\n---\n" * 100,
    "other-scripts-digits": "".join(f"۷۰ × ٢ = ١٤٠ ٫ ٬ ٪ {'۹' * i} {'१' * i} tỷ triệu nghìn {i}\n" for i in range(1, 60)),
    "jvm-repls": "".join(f"scala> val r{i} = res{i - 1} * res{i - 1} ^ 99999 // {i}\nval res{i}: (Double, Int) = ({i}.0,{i})\n"
                         f">>> val k = {i}L * 99999999999L\nres{i}: kotlin.Double = {i}.0\n" for i in range(1, 60)),
    "pint-session": "".join(f">>> q{i} = Q_({i}, 'GB') * ureg.teraFLOP ** 99 / ureg.s; print(q{i}.to('ms').magnitude)\n"
                            f"<Quantity({i}e99, 'petaFLOP / dimensionless')>\n(<Quantity(1, 'x')>, <Quantity(2, '1 / y')>)\n"
                            for i in range(1, 60)),
    "rpn-keys": "1 ENTER\n" + "".join(f"{i} ENTER x<>y ÷ 1/x CHS y^x {i} EEX 99 % Δ% STO {i} RCL {i + 1} → {i}.5 10, "
                                        f"f 4 √x → 1\ndisplay: 3.38 10\n" for i in range(1, 60)) + "÷ " * 500 + "\n",
    "notepad-and-queries": "".join(f"n{i} = n{i - 1} * 2 // note {'x' * i}          {i}\n{i} + {i} // {i}\n= {2 * i}\n"
                                   f"Input interpretation:\n{i} GB / (0 s)\nResult:\n{i} seconds\n" for i in range(1, 60)),
    "clojure-forms": "".join(f"user=> (def a{i} (/ (* *1 {i}) (Math/ceil {'(' * i}1{')' * i}) 0))\n#'user/a{i}\n"
                             f"user=> [{i} (/ 1 0) (foo)]\n{i}/0\n" for i in range(1, 60)) + "user=> " + "(" * 500 + "\n",
    "numpy-session": "".join(f">>> a{i} = np.float64(a{i - 1}) * np.array([{i}, 2]) / np.int64(0)\n"
                             f"array([{i}.,  2.])\nnp.float64({i}.5)\n(np.float64(1), array([1]))\n" for i in range(1, 60)),
    "unit-words-as-names": "".join(f"tokens = params * {i}  # {i} -> {i}\nparams = tokens / tps\n" for i in range(40)),
    "dotted-thousands-and-pieces": "".join(f"Four x {i}.990 = {i}.990.000.000 h: {i} x 2 = {2 * i}, x 3 = {6 * i}, "
                                           f"times {i} for key and value, times 9 = {i}.000 \n" for i in range(1, 60)),
    "said-aloud": "".join(f"one forty {'eighty-one ninety-two ' * 12}times point two five{' five' * 40}, um, "
                          f"twelve and a quarter, eight point nine six e fifteen e fifteen, three fifty take away "
                          f"{'one thirty-one thousand and ' * 8}seventy-two, sixteen gigs\n" for _ in range(30)),
    "calculator-tape": "".join(f"{i} ÷ 3.35 =\n{i / 3.35:.10g}\n+ 20 % =\n=\n" for i in range(1, 80)),
}


@pytest.mark.parametrize("line", list(LINES.values()), ids=list(LINES))
def test_a_hostile_line_gets_a_verdict_or_a_located_error(line, tmp_path, home):
    questions_folder(tmp_path)
    done = run_bank(["grade", "q", "--questions", "questions"], cwd=tmp_path, env=home, stdin=line + "\n",
                    timeout=20, memory_mb=512)
    assert done.returncode == 0, done.output
    assert "Traceback" not in done.output and "Score:" in done.output


@pytest.mark.parametrize("working", list(WORKINGS.values()), ids=list(WORKINGS))
def test_a_hostile_working_gets_a_verdict(working, tmp_path, home):
    questions_folder(tmp_path)
    done = run_bank(["grade", "q", "--questions", "questions"], cwd=tmp_path, env=home, stdin=working,
                    timeout=20, memory_mb=512)
    assert done.returncode == 0, done.output
    assert "Traceback" not in done.output and "Score:" in done.output
