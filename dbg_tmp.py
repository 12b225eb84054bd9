import tempfile, time, gc
from pathlib import Path
from companion.engines import registry
from companion.session.journal import Journal
from companion.session.session import Session
from benchmarks.bench_resume import journal_of
for gid in ("little-dead-riding-hood", "gingerdead-house"):
    game = registry.get(gid)
    j = Journal(Path(tempfile.mkdtemp())/"j.sqlite3")
    row = journal_of(j, game, 500)
    for off in (0,1,0,1):
        if off: gc.disable()
        c=time.process_time(); Session.resume(j, row, game); print(gid, off, round(time.process_time()-c,3))
        gc.enable()
