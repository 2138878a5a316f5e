"""What the Glossary page and its tests share: the key of each code's box in the reference."""


def code_box(code: str) -> str:
    """The session-state key of ``code``'s box in the Glossary's reference: True while it is open (its
    text is written only then)."""
    return f"glossary.code.{code}"
