"""A Copy button that puts a text on the clipboard from the click itself, in one widget model.

Browsers allow writing to the clipboard only from a user's click, in the page: a kernel cannot
do it. :class:`CopyButton` is an anywidget whose ES module (no build step, nothing fetched, so
it works offline) calls ``navigator.clipboard.writeText`` when pressed. Where the clipboard is
refused (an insecure page, an old browser, a denied permission) it shows the text selected
in a box beside it and says how to copy it by hand (Ctrl+C, or a long press on a phone). The
page reports each copy back (``copied`` counts them, ``outcome`` says how the last went).
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

_ESM = r"""
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
    try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
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
"""

_CSS = """
.kit-copy { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; max-width: 100%; flex: 0 0 auto; }
.kit-copy-widget { flex: 0 0 auto; }
.kit-copy-button { min-height: 2em; padding: 0 1em; }
.kit-copy-status { color: #1b5e20; }
.kit-copy-fallback { width: 100%; min-height: 6em; }
@media (max-width: 899.98px) { .kit-copy-button { min-height: 44px; width: 100%; } }
"""


class CopyButton(anywidget.AnyWidget):
    """A button that copies ``text`` to the clipboard when pressed (with a select-the-text fallback)."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    _css = traitlets.Unicode(_CSS).tag(sync=True)
    text = traitlets.Unicode("", help="What the button copies; the button is disabled while it is empty.").tag(
        sync=True)
    label = traitlets.Unicode("Copy post", help="The button's words.").tag(sync=True)
    hint = traitlets.Unicode("Copy the post to the clipboard, to paste it into your thread",
                             help="What the button does, as its title (``tooltip`` is DOMWidget's own).").tag(sync=True)
    copied_words = traitlets.Unicode("Copied: paste it into your thread.",
                                     help="What the page says once the text is copied.").tag(sync=True)
    what = traitlets.Unicode("The post", help="What is copied, as the fallback box names it.").tag(sync=True)
    copied = traitlets.Int(0, help="How many times the page has copied the text.").tag(sync=True)
    outcome = traitlets.Unicode("", help="How the last press went: clipboard, selected or refused.").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.add_class("kit-copy-widget")


__all__ = ["CopyButton"]
