// The page side of CardRow (card_row.py): a row of cards drawn as cards, in one widget model.
// A click asks the kernel, which answers with the choice's views first and the selection after.

const ANSWER_MS = 80;

function slug(code) { return code.toLowerCase().replace(/ /g, "-"); }

function render({ model, el }) {
  el.classList.add("kit-card-row");
  let faces = [];
  let unanswered = null;
  // A selection changes a class and an attribute on the faces already drawn (the row is not drawn again).
  const mark = (chosen) => {
    faces.forEach((face, index) => {
      const on = chosen.includes(index);
      face.classList.toggle("kit-card-chosen", on);
      face.setAttribute("aria-pressed", on ? "true" : "false");
    });
  };
  const marked = () => {
    clearTimeout(unanswered);
    mark(model.get("selected"));
  };
  const toggled = (index) => {
    const now = model.get("selected");
    if (now.includes(index)) return now.filter((i) => i !== index);
    return model.get("single") ? [index] : [...now, index].sort((a, b) => a - b);
  };
  // A click asks the kernel, which selects the card and answers with what the choice shows elsewhere
  // (the selection line, the odds) and then the selection. The page draws nothing before the answer:
  // a frame drawn at the click would hold the answer back until the next one. A kernel that has not
  // answered within ANSWER_MS gets the card raised at once, as the click will make it.
  const pick = (index) => {
    if (model.get("disabled")) return;
    model.send({ pick: index });
    clearTimeout(unanswered);
    unanswered = setTimeout(() => mark(toggled(index)), ANSWER_MS);
  };
  const draw = () => {
    const cards = model.get("cards");
    const disabled = model.get("disabled");
    const row = document.createElement("div");
    row.className = "kit-card-row-cards";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", model.get("label") || "cards");
    faces = cards.map((card, index) => {
      const slot = document.createElement("div");
      slot.className = "kit-card-slot" + (card.best ? " kit-card-best" : "");
      const face = document.createElement("button");
      face.type = "button";
      const classes = ["kit-card", "kit-card-face", "kit-card-" + slug(card.code),
                       card.red ? "kit-card-red" : "kit-card-black"];
      if (card.kind) classes.push("kit-card-" + card.kind);
      face.className = classes.join(" ");
      face.textContent = card.label;
      face.dataset.pip = card.pip || "";
      face.title = card.name;
      face.setAttribute("aria-label", card.note ? card.name + ": " + card.note : card.name);
      face.disabled = disabled;
      face.addEventListener("click", () => pick(index));
      slot.appendChild(face);
      if (card.note) {
        const note = document.createElement("div");
        note.className = "kit-card-note";
        note.textContent = card.note;
        slot.appendChild(note);
      }
      if (card.best) {
        const best = document.createElement("div");
        best.className = "kit-card-best-mark";
        best.textContent = "★ best";
        slot.appendChild(best);
      }
      row.appendChild(slot);
      return face;
    });
    mark(model.get("selected"));
    const parts = [row];
    const reason = model.get("reason");
    if (disabled && reason) {
      const why = document.createElement("div");
      why.className = "kit-card-row-reason";
      why.textContent = reason;
      parts.push(why);
    }
    el.replaceChildren(...parts);
  };
  draw();
  for (const name of ["cards", "disabled", "reason", "label"]) model.on("change:" + name, draw);
  model.on("change:selected", marked);
}
export default { render };
