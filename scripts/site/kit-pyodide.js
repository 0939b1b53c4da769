// The site's Pyodide loader: the kernel's worker loads this script in place of pyodide.js
// (jupyter-lite.json's pyodideUrl) and calls its loadPyodide as it would Pyodide's own.
//
// It starts Python from the site's start file (scripts/site/make_start_file.js): a memory
// snapshot of an interpreter that has already imported the kernel, IPython, ipywidgets and the
// kit, with the files it imported them from. Restoring it skips starting the interpreter,
// unpacking the wheels and importing those modules again, which is most of a page's start.
//
// The start file travels gzip-compressed (21 MB) and is unpacked as it arrives; once Python has
// started from it, the unpacked bytes (70 MB) are kept in the browser's cache storage for the next
// visit, in place of any earlier build's, so a returning page reads them instead of unpacking again.
//
// If the start file cannot be used (missing, damaged, made for another Pyodide, refused by the
// browser), Python starts as it would without it: from the lock file's wheels. The page works
// either way; it only takes longer.
"use strict";

(function () {
  const START_FILE = "__KIT_START_FILE__"; // replaced by scripts/build_site.py with the file's name
  const MAGIC = "KITSTART";
  const FORMAT = 1;
  const CACHE = "kit-start-files"; // the cache storage that keeps the unpacked start file between visits
  const KEPT = "?unpacked"; // its key: the start file's own address, marked
  let pyodideLoader = null; // Pyodide's own loadPyodide
  let started = null; // the Pyodide the page runs on, once started from the start file

  function pyodideOwnLoader(indexURL) {
    if (pyodideLoader === null) {
      const ours = self.loadPyodide;
      importScripts(indexURL + "pyodide.js");
      pyodideLoader = self.loadPyodide;
      self.loadPyodide = ours;
    }
    return pyodideLoader;
  }

  // The start file as it arrives, unpacked on the way into one buffer of its full size (which its
  // header gives), so its 70 MB are copied once. A server that unpacked it already is fine too.
  async function downloadStartFile(url) {
    const response = await fetch(url);
    if (!response.ok || !response.body) throw new Error(`${START_FILE}: ${response.status} ${response.statusText}`);
    const source = response.body.getReader();
    const first = await source.read();
    const packed = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
    let stream = new ReadableStream({
      start(controller) {
        if (!first.done) controller.enqueue(first.value);
      },
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
    if (packed) stream = stream.pipeThrough(new DecompressionStream("gzip"));
    const reader = stream.getReader();
    let whole = null;
    let filled = 0;
    let pending = new Uint8Array(0);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (whole === null) {
        const joined = new Uint8Array(pending.length + value.length);
        joined.set(pending);
        joined.set(value, pending.length);
        const size = startFileSize(joined);
        if (size === null) {
          pending = joined;
          continue;
        }
        whole = new Uint8Array(size);
        if (joined.length > size) throw new Error(`${START_FILE} is longer than its header says`);
        whole.set(joined);
        filled = joined.length;
      } else {
        if (filled + value.length > whole.length) throw new Error(`${START_FILE} is longer than its header says`);
        whole.set(value, filled);
        filled += value.length;
      }
    }
    if (whole === null || filled !== whole.length) throw new Error(`${START_FILE} is cut short`);
    return whole;
  }

  // The start file's whole size from its first bytes, or null until its header has arrived.
  function startFileSize(bytes) {
    if (bytes.length < 16) return null;
    checkLead(bytes);
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset, 16).getUint32(12, true);
    if (bytes.length < 16 + headerLength) return null;
    const header = readHeader(bytes, headerLength);
    return bodyStart(headerLength) + header.memory + header.files.reduce((sum, [, length]) => sum + length, 0);
  }

  // The start file read into its parts: from the cache storage where an earlier visit kept it
  // unpacked, else downloaded (and ``cache`` given, to keep it in once Python has started from it).
  async function startFile(url) {
    const cache = await openCache();
    const kept = cache && (await cache.match(url + KEPT).catch(() => undefined));
    if (kept) {
      try {
        return { start: readStartFile(new Uint8Array(await kept.arrayBuffer())), cache: null };
      } catch {
        await cache.delete(url + KEPT).catch(() => false); // damaged: download it again
      }
    }
    return { start: readStartFile(await downloadStartFile(url)), cache };
  }

  async function openCache() {
    try {
      return await caches.open(CACHE);
    } catch {
      return null; // no cache storage here (an insecure origin, a private window): unpack at every visit
    }
  }

  // Keep the unpacked start file for the next visit, in place of any other build's of this site.
  async function keep(cache, url, bytes) {
    try {
      await cache.put(url + KEPT, new Response(bytes));
      const folder = url.slice(0, url.lastIndexOf("/") + 1);
      for (const request of await cache.keys()) {
        if (request.url.startsWith(folder + "kit-start-") && request.url !== url + KEPT) await cache.delete(request);
      }
    } catch {
      // no room, or storage refused: the next visit unpacks the start file again
    }
  }

  function checkLead(bytes) {
    if (new TextDecoder("latin1").decode(bytes.subarray(0, 8)) !== MAGIC) throw new Error(`${START_FILE} is not a start file`);
    const format = new DataView(bytes.buffer, bytes.byteOffset, 16).getUint32(8, true);
    if (format !== FORMAT) throw new Error(`${START_FILE} has format ${format}, not ${FORMAT}`);
  }

  function readHeader(bytes, headerLength) {
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(16, 16 + headerLength)));
    if (!Number.isSafeInteger(header.memory) || !Array.isArray(header.files)) throw new Error(`${START_FILE} has no contents list`);
    return header;
  }

  function bodyStart(headerLength) {
    return Math.ceil((16 + headerLength) / 16) * 16;
  }

  // The start file's parts: the header, the memory snapshot and the files, as views of its bytes.
  function readStartFile(bytes) {
    checkLead(bytes);
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset, 16).getUint32(12, true);
    const header = readHeader(bytes, headerLength);
    let offset = bodyStart(headerLength);
    const memory = bytes.subarray(offset, offset + header.memory);
    offset += header.memory;
    const files = [];
    for (const [path, length] of header.files) {
      files.push([path, bytes.subarray(offset, offset + length)]);
      offset += length;
    }
    if (offset !== bytes.byteLength) throw new Error(`${START_FILE} does not hold what its header lists`);
    return { header, memory, files, bytes };
  }

  function writeFiles(FS, files) {
    const folders = new Set();
    for (const [path, data] of files) {
      const folder = path.slice(0, path.lastIndexOf("/"));
      if (!folders.has(folder)) {
        FS.mkdirTree(folder);
        folders.add(folder);
      }
      FS.writeFile(path, data);
    }
  }

  // The snapshot's references to Pyodide's API, recorded by name, point at the started Pyodide's.
  function apiReference({ api, on }) {
    const holder = () => (on === "internal" ? started._api : started);
    if (api === "") {
      return new Proxy({}, {
        get: (_, name) => Reflect.get(started, name),
        has: (_, name) => Reflect.has(started, name),
        ownKeys: () => Reflect.ownKeys(started),
        getOwnPropertyDescriptor: (_, name) => {
          const descriptor = Reflect.getOwnPropertyDescriptor(started, name);
          return descriptor && { ...descriptor, configurable: true };
        },
      });
    }
    return function (...args) {
      return holder()[api](...args);
    };
  }

  // Python state a snapshot must not share with every other page, and Pyodide's list of loaded
  // packages, which a snapshot cannot hold: made again from the files' dist-info folders.
  const AFTER_RESTORE = `
import random, sys, tempfile
import pyodide_js
import pyodide._package_loader as loader
random.seed()
tempfile._name_sequence = None
sys.path[:] = list(dict.fromkeys(sys.path))
loader.loadedPackages = pyodide_js.loadedPackages
loader.init_loaded_packages()
`;

  async function startFromStartFile(loader, options) {
    const url = options.indexURL + START_FILE;
    const found = startFile(url); // fetched beside the interpreter's own downloads
    const pyodide = await loader({
      ...options,
      packages: [],
      _loadSnapshot: found.then(({ start }) => start.memory),
      _snapshotDeserializer: apiReference,
      fsInit: async (FS) => writeFiles(FS, (await found).start.files),
    });
    started = pyodide;
    pyodide.runPython(AFTER_RESTORE);
    const { start, cache } = await found;
    if (cache) keep(cache, url, start.bytes); // not awaited: the page goes on while the browser stores it
    return pyodide;
  }

  self.loadPyodide = async function loadPyodide(options) {
    const loader = pyodideOwnLoader(options.indexURL);
    try {
      return await startFromStartFile(loader, options);
    } catch (error) {
      started = null;
      console.warn(`Starting Python without the site's start file (${error}): from the wheels instead.`);
      return loader(options);
    }
  };
})();
