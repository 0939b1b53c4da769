"""Writers that turn a result's :class:`~kit.core.describe.Description` into a format.

One writer per format, shared by notebook outputs, widgets, the command line and forum posts.
"""

from kit.core.describe import register_writer
from kit.render.bbcode import to_bbcode
from kit.render.html import to_html
from kit.render.markdown import to_markdown
from kit.render.text import to_text

FORMATS = {"text": to_text, "markdown": to_markdown, "bbcode": to_bbcode, "html": to_html}

for _name, _writer in FORMATS.items():
    register_writer(_name, _writer)

__all__ = ["FORMATS", "to_bbcode", "to_html", "to_markdown", "to_text"]
