// The page side of BrowserKeyStore (sealed_keys.py): a seat key kept in this browser's localStorage.
// Nothing is drawn; every request is answered with an event (loaded, saved, forgotten, unavailable).

function storage() {
  try { return window.localStorage; } catch { return null; }
}

function render({ model, el }) {
  el.classList.add("kit-key-store");
  const load = () => {
    const store = storage();
    const name = model.get("storage_key");
    if (!store || !name) { model.send({ event: "unavailable" }); return; }
    let text = null;
    try { text = store.getItem(name); } catch { text = null; }
    model.send({ event: "loaded", text: text || "" });
  };
  model.on("msg:custom", (message) => {
    const store = storage();
    const name = model.get("storage_key");
    if (!store || !name) { model.send({ event: "unavailable" }); return; }
    try {
      if (message.save) { store.setItem(name, message.save); model.send({ event: "saved" }); }
      if (message.forget) { store.removeItem(name); model.send({ event: "forgotten" }); }
    } catch {
      model.send({ event: "unavailable" });
    }
  });
  model.on("change:storage_key", load);
  load();
}
export default { render };
