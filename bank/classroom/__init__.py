"""Instructors: per-student variants, answer keys, exports, and batch marking.

The pipeline follows mkdocs' shape: gather and validate everything, then
render, then write.

- :mod:`.roster` reads the class list (or numbers anonymous students);
- :mod:`.assign` gives every student a seed and a distinct variant per question;
- :mod:`.key` solves every assignment into an answer-key row;
- :mod:`.formats` renders the rows into files (one module per format), all in
  memory, and :func:`.formats.write` puts them on disk;
- :mod:`.mark` grades a folder of submissions against each student's variant.

Everything here is deterministic: the same inputs give byte-identical files
in every process (hashlib seeds, sorted keys, fixed zip dates, no clocks).
"""
