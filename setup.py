"""Package layout that pyproject.toml cannot say alone: ``assets/`` installs as ``game.assets``
and the example games in ``saves/`` as ``game.examples``.

Everything else about the project is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["game", "game.*"]) + ["game.assets", "game.examples"],
    package_dir={"game.assets": "assets", "game.examples": "saves"},
    package_data={"game.assets": ["*", "**/*"], "game.examples": ["*.json"]},
    exclude_package_data={"game.assets": ["__pycache__/*", "*.pyc"]},
)
