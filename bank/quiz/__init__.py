"""Practice at the terminal: sessions, history, spaced repetition and stats.

- :mod:`bank.quiz.session`: the flow of a sitting, as a pure state machine;
- :mod:`bank.quiz.terminal`: rich output and line input;
- :mod:`bank.quiz.history`: the SQLite review history;
- :mod:`bank.quiz.schedule`: which questions to ask, via the fsrs scheduler;
- :mod:`bank.quiz.stats`: the figures ``bank stats`` shows;
- :mod:`bank.quiz.warm`: the background import of the grader;
- :mod:`bank.quiz.run`: wires them together for ``bank quiz`` and ``bank stats``.
"""
