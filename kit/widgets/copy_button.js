// The page side of CopyButton (copy_button.py): copies its text to the clipboard from the click
// itself, or selects it in a box beside the button where the browser refuses.

function render({ model, el }) {
  el.classList.add("kit-copy");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "kit-copy-button jupyter-button widget-button";
  const status = document.createElement("span");
  status.className = "kit-copy-status";
  status.setAttribute("role", "status");
  const box = document.createElement("textarea");
  box.className = "kit-copy-fallback";
  box.readOnly = true;
  box.hidden = true;

  const draw = () => {
    button.textContent = model.get("label");
    button.title = model.get("hint");
    button.disabled = !model.get("text");
    box.setAttribute("aria-label", model.get("what") + ", selected: copy it by hand");
  };
  const report = (outcome, words) => {
    status.textContent = words;
    model.set("outcome", outcome);
    if (outcome !== "refused") model.set("copied", model.get("copied") + 1);
    model.save_changes();
  };
  const byHand = () => {
    box.value = model.get("text");
    box.hidden = false;
    box.focus();
    box.select();
    let copied = false;
    try { copied = document.execCommand("copy"); } catch { copied = false; }
    if (copied) {
      report("selected", model.get("copied_words"));
    } else {
      report("refused", "This browser did not let the page copy. " + model.get("what") + " is selected in the " +
                        "box: press Ctrl+C (or Cmd+C), or long-press it and choose Copy.");
    }
  };
  button.addEventListener("click", () => {
    const text = model.get("text");
    if (!text) return;
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        () => { box.hidden = true; report("clipboard", model.get("copied_words")); },
        () => byHand());
    } else {
      byHand();
    }
  });
  model.on("change:text", () => { draw(); box.hidden = true; status.textContent = ""; });
  model.on("change:label", draw);
  model.on("change:hint", draw);
  el.append(button, status, box);
  draw();
}
export default { render };
