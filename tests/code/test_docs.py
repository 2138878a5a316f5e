"""The documents beside the code say what the code does: the command-line reference in docs/ lists exactly the
options each command's ``--help`` prints, the README stays a first page, and every document it links exists."""
from __future__ import annotations

import io
import re
from contextlib import redirect_stdout

import pytest

from engine.cli import _parser
from tests.paths import REPO_ROOT

REFERENCE = REPO_ROOT / "docs" / "command-line.md"
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def help_text(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out), pytest.raises(SystemExit):
        _parser().parse_args([*argv, "--help"])
    return out.getvalue()


def commands_in_help() -> list[str]:
    """The commands the top-level ``--help`` lists: ``{standings,explain,...}``."""
    found = next((m for m in re.finditer(r"\{([a-z,]+)\}", help_text()) if "standings" in m.group(1)), None)
    assert found, "the top-level --help lists no commands"
    return found.group(1).split(",")


def reference_sections() -> dict[str, str]:
    text = REFERENCE.read_text(encoding="utf-8")
    part = text[text.index("## Every command and its options"):]
    pieces = re.split(r"^### ", part, flags=re.M)[1:]
    return {p.split("\n", 1)[0].strip(): p for p in pieces}


def options_in_help(command: str) -> set[str]:
    text = help_text(command)
    return set(OPTION.findall(text[text.index("options:"):])) - {"--help"}


def options_in_reference(section: str) -> set[str]:
    if "No options." in section:
        return set()
    listed = section[section.index("Options:"):]
    return set(OPTION.findall(listed))


def test_the_reference_has_a_section_for_every_command_and_no_other():
    assert list(reference_sections()) == commands_in_help()


@pytest.mark.parametrize("command", commands_in_help())
def test_the_reference_lists_exactly_the_options_of_the_commands_help(command):
    assert options_in_reference(reference_sections()[command]) == options_in_help(command)


def test_the_check_sees_an_option_missing_from_the_reference():
    """The comparison above reads the reference's ``Options:`` line only: an option named in the prose but
    left out of that line still counts as missing."""
    section = "`standings EVENT` takes `--format`.\nOptions: `--tiebreaks` `--quiet`.\n"
    assert options_in_reference(section) == {"--tiebreaks", "--quiet"}
    assert options_in_help("standings") - options_in_reference(section)


def test_the_readme_is_a_first_page_and_its_links_lead_somewhere():
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 130
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme)
    assert {"docs/hosting.md", "docs/command-line.md", "docs/speed.md", "docs/architecture.md",
            "CONTRIBUTING.md", "CHANGELOG.md"} <= set(links)
    assert all((REPO_ROOT / link).is_file() for link in links), links


PATH_NAMED = re.compile(r"(?<![\w/.])((?:engine|ui|pages|tests|tools|docs|scenarios)/[\w/.-]+\.(?:py|md))\b")


def test_every_file_a_docstring_or_document_names_exists():
    """A moved or renamed module leaves no path behind that sends a reader looking (the changelog keeps history)."""
    texts = [p for p in [*REPO_ROOT.glob("*.md"), *REPO_ROOT.glob("docs/*.md"), *REPO_ROOT.glob("tests/data/**/*.md")]
             if p.name != "CHANGELOG.md"]
    texts += [p for folder in ("engine", "ui", "pages", "tests", "tools", "scenarios")
              for p in (REPO_ROOT / folder).rglob("*.py")]
    missing = [f"{p.relative_to(REPO_ROOT)}: {m}" for p in texts for m in PATH_NAMED.findall(p.read_text(encoding="utf-8"))
               if not (REPO_ROOT / m).exists() and "*" not in m]
    assert not missing, "\n".join(sorted(set(missing)))
