import time, sys, resource
def rss():
    return int(open('/proc/self/status').read().split('VmRSS:')[1].split()[0])
r0=rss(); t=time.perf_counter()
from companion.engines import registry
registry.all_games()
print("engines", round((time.perf_counter()-t)*1e3), "ms", (rss()-r0)//1024, "MB", "numpy" in sys.modules)
r0=rss(); t=time.perf_counter()
import PIL.Image
print("PIL", round((time.perf_counter()-t)*1e3), "ms", (rss()-r0)//1024, "MB")
