"""The package list for setuptools (everything else is in pyproject.toml).

Every package under games/ and ui/ is found, so a new game needs no entry here; tools/
stays in the checkout. data/ and assets/ ship inside the wheel as the packages
games._resources.data and games._resources.assets (pyproject.toml maps them with
package-dir; games.core.data.resource_root() finds them there): discovery cannot name
a package whose folder lies elsewhere, which is why this file exists.
"""
from pathlib import Path

from setuptools import find_namespace_packages, find_packages, setup

ROOT = Path(__file__).resolve().parent
RESOURCES = {"games._resources.data": "data", "games._resources.assets": "assets"}


def packages() -> list[str]:
    found = find_packages(str(ROOT), include=["games", "games.*", "ui", "ui.*"])
    for package, folder in RESOURCES.items():  # and every folder inside, as a package of data
        found += [package] + [f"{package}.{sub}" for sub in find_namespace_packages(str(ROOT / folder))]
    return sorted(found)


if __name__ == "__main__":
    setup(packages=packages())
