import tempfile, cProfile, pstats, time
from pathlib import Path
from companion.engines import registry
from companion.session.journal import Journal
from companion.session.session import Session
from benchmarks.bench_resume import journal_of
game = registry.get("gingerdead-house")
j = Journal(Path(tempfile.mkdtemp())/"j.sqlite3")
row = journal_of(j, game, 500)
cProfile.run("s = Session.resume(j, row, game)", "/tmp/p.out")
print(len(s.steps))
pstats.Stats("/tmp/p.out").sort_stats("tottime").print_stats(14)
