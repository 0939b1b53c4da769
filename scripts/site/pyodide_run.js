// Run a Python script inside Pyodide under Node.js, with one folder of this machine mounted at /work.
// Usage: node pyodide_run.js PYODIDE_DIR FOLDER SCRIPT [ARGS…]  (paths in ARGS are relative to FOLDER)
"use strict";
const path = require("path");

async function main() {
  const [pyodideDir, folder, script, ...args] = process.argv.slice(2);
  const { loadPyodide } = require(path.resolve(pyodideDir, "pyodide.js"));
  const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
  pyodide.FS.mkdir("/work");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(folder) }, "/work");
  pyodide.pyimport("sys").argv = pyodide.toPy([script, ...args.map((arg) => "/work/" + arg)]);
  const source = require("fs").readFileSync(script, "utf8");
  await pyodide.runPythonAsync(source);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
