// Make the site's start file: Python already started, in a memory snapshot, with the files it was started on.
//
// Usage: node make_start_file.js PYODIDE_DIR WARM_UP_SCRIPT OUT_FILE PACKAGE…
//
// Runs the site's own Pyodide (PYODIDE_DIR holds its core, standard library, lock file and wheels)
// under Node.js, loads PACKAGE… from the lock file as a page's kernel does, runs WARM_UP_SCRIPT
// (the imports a page makes as it starts), then writes OUT_FILE, gzip-compressed:
//
//   "KITSTART"            8 bytes
//   format                u32, little-endian (1)
//   header length         u32, little-endian
//   header                UTF-8 JSON: {"pyodide", "python", "memory": bytes, "files": [[path, bytes], …]}
//   zero padding          to a multiple of 16 bytes
//   memory                Pyodide's memory snapshot (pyodide.makeMemorySnapshot)
//   files                 every file under site-packages, in the header's order, back to back
//
// A page that restores the memory has every module the warm-up imported already imported, and
// writes the files where the wheels would have been unpacked (scripts/site/kit-pyodide.js).
//
// A memory snapshot may refer to JavaScript objects only if the page can find them again. The
// kernel's modules hold a few functions of Pyodide's own API (pyodide_js.loadPackagesFromImports,
// its package installer's loaders): each is recorded by its name on the public or the internal
// API, and the page points it at its own Pyodide's. Anything else stops the build.
"use strict";
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const MAGIC = "KITSTART";
const FORMAT = 1;
const ALIGN = 16;

/** Where a JavaScript object the snapshot refers to lives on Pyodide's API: {api: name, on: "public" | "internal"}. */
function apiReference(pyodide, object) {
  if (object === pyodide) return { api: "", on: "public" };
  for (const [on, holder] of [["public", pyodide], ["internal", pyodide._api]]) {
    for (let owner = holder; owner && owner !== Object.prototype; owner = Object.getPrototypeOf(owner)) {
      for (const name of Object.getOwnPropertyNames(owner)) {
        let value;
        try {
          value = holder[name];
        } catch {
          continue;
        }
        if (value === object) return { api: name, on };
      }
    }
  }
  throw new Error(`the snapshot refers to a JavaScript object a page cannot find again: ${String(object).slice(0, 120)}`);
}

/** Every file under ``root`` in Pyodide's file system, sorted by path: [[path, bytes], …]. */
function filesUnder(FS, root) {
  const found = [];
  const walk = (folder) => {
    for (const name of FS.readdir(folder).sort()) {
      if (name === "." || name === "..") continue;
      const entry = `${folder}/${name}`;
      if (FS.isDir(FS.stat(entry).mode)) walk(entry);
      else found.push([entry, FS.readFile(entry)]);
    }
  };
  walk(root);
  return found;
}

function padded(length) {
  return Math.ceil(length / ALIGN) * ALIGN;
}

async function main() {
  const [pyodideDir, warmUp, out, ...packages] = process.argv.slice(2);
  const { loadPyodide } = require(path.resolve(pyodideDir, "pyodide.js"));
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + path.sep, packages, _makeSnapshot: true, stdout: () => {}, stderr: console.error,
  });
  pyodide.runPython(fs.readFileSync(warmUp, "utf8"), { filename: path.basename(warmUp) });
  const sitePackages = pyodide.runPython("import pyodide._package_loader as loader; str(loader.SITE_PACKAGES)");
  const files = filesUnder(pyodide.FS, sitePackages);
  // A snapshot cannot hold the list of loaded packages (Pyodide expects it empty); the page makes
  // it again from the files' dist-info folders.
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const memory = pyodide.makeMemorySnapshot({ serializer: (object) => apiReference(pyodide, object) });
  const python = pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))");
  const header = Buffer.from(JSON.stringify({
    pyodide: pyodide.version, python, memory: memory.length, files: files.map(([file, data]) => [file, data.length]),
  }));
  const lead = Buffer.alloc(16);
  lead.write(MAGIC, 0, "latin1");
  lead.writeUInt32LE(FORMAT, 8);
  lead.writeUInt32LE(header.length, 12);
  const start = Buffer.alloc(padded(lead.length + header.length));
  lead.copy(start);
  header.copy(start, lead.length);
  const whole = Buffer.concat([start, memory, ...files.map(([, data]) => data)]);
  fs.writeFileSync(out, zlib.gzipSync(whole, { level: 9 }));
  const size = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  console.log(`start file: memory ${size(memory.length)}, ${files.length} files ${size(whole.length - start.length - memory.length)}, `
    + `${size(fs.statSync(out).size)} compressed`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
