"""The app's languages: catalogs of translated sentences (GNU gettext, managed with Babel), the language a
person has chosen, and numbers written the way each language writes them.

Pure Python and free of Streamlit: the app binds one :class:`~i18n.catalog.Translator` to each browser
session (``ui/session/language.py``), the command line picks one from ``--lang`` or the environment's locale.  Nothing
here keeps a "current language" of its own, because one Streamlit process serves every session at once.
"""
from i18n.catalog import Translator, translator
from i18n.languages import DEFAULT, ENDONYMS, SUPPORTED, normalise

__all__ = ["Translator", "translator", "DEFAULT", "ENDONYMS", "SUPPORTED", "normalise"]
