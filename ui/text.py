"""User text in Markdown: the one escaping function every page uses where a name meets Markdown.

Streamlit renders ``st.markdown``, captions, alerts, expander labels and headers as GitHub-flavoured
Markdown: a name such as ``Club ![t](http://host/pixel.png) [Login here](http://host/phish)`` would make
the visitor's browser fetch the image and show a link, and even a plain ``www.host.example`` or
``http://host`` in a name becomes clickable (an "autolink").  :func:`md_escape` makes any text show
exactly as typed and never as markup.
"""
from __future__ import annotations

import re

#: every character Markdown, GFM or Streamlit gives a meaning to, plus ``:`` ``.`` ``/`` ``@`` so that no
#: web address or e-mail address in a name is ever recognised as one (all are ASCII punctuation, which
#: CommonMark lets a backslash make literal)
_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:=^/@&])")
#: line breaks and the other characters that would start a new block or hide text
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]+")


def md_escape(text: object) -> str:
    r"""Text that Streamlit's Markdown shows literally: no emphasis, link, image, autolink, HTML or directive.

    Every Markdown marker is backslash-escaped, including ``:`` ``.`` ``/`` and ``@``, which breaks web and
    e-mail addresses (``http://x``, ``www.x.org``, ``a@b.org``) and Streamlit's ``:red[...]`` and
    ``:material/x:`` directives; line breaks (and any control character) become one space, so a name
    cannot start a new block.

    >>> print(md_escape("**Bob** ![t](http://h/p.png) <b> $1 :red[z] www.h.org"))
    \*\*Bob\*\* \!\[t\]\(http\:\/\/h\/p\.png\) \<b\> \$1 \:red\[z\] www\.h\.org
    """
    return _SPECIAL.sub(r"\\\1", _BREAKS.sub(" ", str(text)))


__all__ = ["md_escape"]
