// Runs a MicroPython script under the real interpreter (MicroPython's WebAssembly build):
//   node run.mjs SCRIPT [FILE...]
// Each FILE is copied into the interpreter's filesystem under /fw (on its sys.path) first,
// so the firmware's own modules, as sources or .mpy, import as they would on the Pico.
// The script's output goes to stdout; a Python exception exits 1 with its traceback.
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript/micropython.mjs";

const [script, ...files] = process.argv.slice(2);
const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.FS.mkdir("/fw");
for (const file of files) {
  mp.FS.writeFile(`/fw/${basename(file)}`, readFileSync(file));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/fw')\n" + readFileSync(script, "utf8"));
} catch (error) {
  process.stderr.write(String(error.message ?? error) + "\n");
  process.exit(1);
}
